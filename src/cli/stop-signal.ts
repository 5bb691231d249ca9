// CLI: how a command that runs until stopped (a server, a watch) learns it is to stop.

/**
 * Resolves with the first SIGINT (Ctrl+C) or SIGTERM the process gets. From then on, a second
 * signal of either kind ends the process at once, as Node does by default.
 */
export function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (received: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(received);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
