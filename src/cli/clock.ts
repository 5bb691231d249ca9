// CLI: the time of day that begins a line a long-running command logs (`12:04:31`).

export function clockTime(): string {
  return new Date().toTimeString().slice(0, 8);
}
