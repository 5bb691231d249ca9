// Render: the only scripts a page may carry, each on the pages that need it and allowed there by
// its hash alone — a copy button on code, and the loader of Mermaid on diagrams. Both add to a
// page that works without them: code stays selectable, a diagram's source stays readable.
import type { Messages } from '../i18n/messages.js';

/** A script written into a page, and whether the scripts it loads are to be trusted with it. */
export interface PageScript {
  readonly text: string;
  /** Allows what the script itself loads ('strict-dynamic'): Mermaid, from the site. */
  readonly loadsScripts: boolean;
}

// Every page with code carries this script: written once per language, not once per page.
const copyScripts = new WeakMap<object, PageScript>();

/** A button on each code block of the post that copies its text, where the browser lets it. */
export function copyCodeScript(t: Pick<Messages, 'copyCode' | 'codeCopied'>): PageScript {
  let script = copyScripts.get(t);
  if (!script) {
    script = { text: copyCodeText(t), loadsScripts: false };
    copyScripts.set(t, script);
  }
  return script;
}

function copyCodeText(t: Pick<Messages, 'copyCode' | 'codeCopied'>): string {
  return compact(`(() => {
  if (!navigator.clipboard) return;
  const [copy, copied] = ${JSON.stringify([t.copyCode, t.codeCopied])};
  for (const pre of document.querySelectorAll('.post-body pre:not(.mermaid)')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-code';
    button.textContent = copy;
    button.setAttribute('aria-live', 'polite');
    button.addEventListener('click', () => {
      navigator.clipboard.writeText((pre.querySelector('code') ?? pre).innerText).then(() => {
        button.textContent = copied;
        setTimeout(() => { button.textContent = copy; }, 2000);
      });
    });
    const frame = document.createElement('div');
    frame.className = 'code-frame';
    pre.replaceWith(frame);
    frame.append(pre, button);
  }
})();`);
}

/**
 * Loads Mermaid from the site once a diagram of the post comes near the screen, and draws each
 * diagram in the reader's scheme: a reader who never reaches a diagram never downloads Mermaid.
 */
export function diagramScript(mermaidPath: string): PageScript {
  const text = compact(`(() => {
  const diagrams = document.querySelectorAll('.post-body pre.mermaid');
  const draw = () => {
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    // Mermaid's dark labels sit on a grey too light for their text; the theme's surface is not.
    const themeVariables = dark ? { edgeLabelBackground: '#161b22' } : {};
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default', themeVariables });
    mermaid.run({ nodes: diagrams });
  };
  const near = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    near.disconnect();
    const script = document.createElement('script');
    script.src = ${JSON.stringify(mermaidPath)};
    script.onload = draw;
    document.head.append(script);
  }, { rootMargin: '600px 0px' });
  for (const diagram of diagrams) near.observe(diagram);
})();`);
  return { text, loadsScripts: true };
}

/**
 * A script as sent: its lines without their indentation, and without comments. Each page carries
 * it, so its bytes are paid on every page; the scripts above are written so that this is safe
 * (every statement ends with `;`, no string spans lines).
 */
function compact(script: string): string {
  return script
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('');
}
