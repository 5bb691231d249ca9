// Saves files as editors do, in a process of its own: the soak's process is busy with its load,
// and a save whose parts it wrote late would test another pause than the one it names.
import { saveAsVim, saveInPlace } from '../../test/support/editor-saves.js';
import type { EditorReply, EditorSave } from './edits.js';

const save = ({ how, file, text, cut, pauseMs }: EditorSave): Promise<number> =>
  how === 'in place' ? saveInPlace(file, text, cut, pauseMs) : saveAsVim(file, text, pauseMs);

process.on('message', (request: EditorSave) => {
  const reply = (message: EditorReply): void => void process.send?.(message);
  save(request).then(
    (pauseMs) => reply({ pauseMs }),
    (cause: unknown) => reply({ error: String(cause) }),
  );
});
process.on('disconnect', () => process.exit(0));
