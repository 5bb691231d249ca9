// Load: the entry of a child process that indexes a site's posts for search. It takes the batches
// of posts kept in the site's cache and reads the bodies of the others, writes the index as files
// into the folder it is given, and exits: the memory that reading ten thousand bodies takes goes
// back to the system with it, rather than staying with the server.
import { indexRequested } from './search-documents.js';

if (!process.send) throw new Error('search-process runs only as a child process with a channel');
process.once('message', (folder: string) => {
  indexRequested(folder);
  process.send?.('written', undefined, {}, () => process.exit(0));
});
