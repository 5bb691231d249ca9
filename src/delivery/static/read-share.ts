// Deliver: the export threads' split of reading the site's post files (see `ReadShare`). Each
// thread reads the files of its part and sends what it read to every other thread over a port
// of its own, which holds the message until that thread asks for it.
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { KnownReads, ReadShare } from '../../content/load-content.js';

/** One thread's place in the split: its part, and a port to each other thread. */
export interface ReadPart {
  readonly part: number;
  readonly peers: readonly MessagePort[];
}

/** The places of `count` threads splitting the reading, each joined to every other by a port. */
export function readParts(count: number): ReadPart[] {
  const peers: MessagePort[][] = Array.from({ length: count }, () => []);
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      const { port1, port2 } = new MessageChannel();
      peers[a]?.push(port1);
      peers[b]?.push(port2);
    }
  }
  return peers.map((ports, part) => ({ part, peers: ports }));
}

/**
 * The share of a thread at `place`: files go round the threads by their index in the listing,
 * so that each part holds as many posts of every year and size.
 */
export function readShareOf(place: ReadPart): ReadShare {
  const { part, peers } = place;
  const parts = peers.length + 1;
  return {
    reads: (index) => index % parts === part,
    swap: (read) => {
      const theirs = peers.map(
        (port) => new Promise<KnownReads>((resolve) => port.once('message', resolve)),
      );
      for (const port of peers) port.postMessage(read);
      return Promise.all(theirs);
    },
  };
}
