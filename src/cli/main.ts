// CLI: the `folio` command — parses arguments and runs one command.
import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import { ENGINES, type EngineName } from '../import/engine-names.js';
import { folioVersion } from '../load/folio-package.js';
import { DEPLOY_TARGETS, type DeployTarget } from './templates/deploy-targets.js';

const DEFAULT_PORT = 4000;

function parseThreads(value: string): number {
  const threads = Number(value);
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) {
    throw new InvalidArgumentError('threads is a whole number from 1 to 64.');
  }
  return threads;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535.');
  }
  return port;
}

function envPort(): number {
  const value = process.env.PORT;
  if (value === undefined || value === '') return DEFAULT_PORT;
  try {
    return parsePort(value);
  } catch {
    console.error(`Ignoring PORT=${value}: not a port number; using ${DEFAULT_PORT}.`);
    return DEFAULT_PORT;
  }
}

/**
 * The command line. Each command's code is loaded only when it runs: `folio build` then starts
 * its threads without first loading the server's code, and its own rendering code, which only its
 * threads run.
 */
export function createProgram(): Command {
  const program = new Command('folio')
    .description('A blog engine for one author: Markdown posts in, fast accessible pages out.')
    .version(folioVersion(), '-v, --version')
    .showHelpAfterError('(run with --help for usage)');

  program
    .command('serve')
    .description('serve the site over HTTP')
    .argument('[dir]', 'site folder', '.')
    .option('-p, --port <n>', 'port to listen on (default: PORT or 4000)', parsePort)
    .option('-H, --host <host>', 'address to listen on (default: HOST or 127.0.0.1)')
    .option('--drafts', 'also show posts marked draft: true', false)
    .option(
      '-w, --watch',
      'reload when the site folder changes; a broken edit keeps the last good version online',
      false,
    )
    .addHelpText(
      'after',
      '\nExamples:\n  folio serve --watch   # while writing, inside the site folder\n  folio serve my-blog --port 8080\n  folio serve my-blog --watch --drafts   # drafts too\n  folio serve my-blog --host 0.0.0.0   # reachable from other machines',
    )
    .action(
      async (
        dir: string,
        opts: { port?: number; host?: string; drafts: boolean; watch: boolean },
      ) => {
        const { serveCommand } = await import('./commands/serve.js');
        process.exitCode = await serveCommand(dir, {
          port: opts.port ?? envPort(),
          host: opts.host ?? (process.env.HOST || '127.0.0.1'),
          drafts: opts.drafts,
          watch: opts.watch,
        });
      },
    );

  program
    .command('build')
    .description('write the static site: every page as index.html, feeds, sitemap, static files')
    .argument('[dir]', 'site folder', '.')
    .option(
      '-o, --out <dir>',
      'output folder (default: DIR/dist): a new folder or one folio build wrote, where it rewrites only the files that change',
    )
    .option(
      '--clean',
      'also replace an output folder that holds files folio build did not write, deleting them (they are listed)',
    )
    .option(
      '--full',
      'write the whole output anew, not only the files that change, rendering every post again',
    )
    .option(
      '-j, --threads <n>',
      'worker threads to write pages on (default: one per core for large sites, and into its own output only once many pages change)',
      parseThreads,
    )
    .option(
      '--precompress',
      "also write a .br and a .gz file beside each text file of 1 KB or more, for nginx or Caddy (default: the config's precompress, off)",
    )
    .option(
      '-w, --watch',
      'stay running and build again after each change to the site folder, writing only what it changed (Ctrl+C stops)',
    )
    .addHelpText(
      'after',
      "\nA later build into the same folder writes only the files whose bytes change and deletes the\nfiles it wrote that are gone; the folder's .folio-* files record what it wrote (leave them out\nof a deploy: rsync --exclude '.folio*'). It builds whole, and says why, when that record is\nmissing, from another Folio, Node or site, or the last build was stopped. One build at a time\nwrites a folder: it holds .DIR.lock beside it, and a second build is refused until it ends.\n\nExamples:\n  folio build   # into dist/\n  folio build my-blog --out public   # then copy public/ to any web server\n  folio build --precompress   # for nginx with gzip_static\n  folio build --full   # every file anew\n  folio build --watch   # again after each save, each in about a second at 10,000 posts\n  folio build --threads 1",
    )
    .action(
      async (
        dir: string,
        opts: {
          out?: string;
          clean?: boolean;
          full?: boolean;
          threads?: number;
          precompress?: boolean;
          watch?: boolean;
        },
      ) => {
        const { buildCommand } = await import('./commands/build.js');
        process.exitCode = await buildCommand(dir, opts);
      },
    );

  program
    .command('check')
    .description('validate the config and every post; exit 1 listing every problem')
    .argument('[dir]', 'site folder', '.')
    .addHelpText(
      'after',
      '\nExamples:\n  folio check\n  folio check my-blog   # exit 1 on any problem: fit for a pre-commit hook or CI',
    )
    .action(async (dir: string) => {
      const { checkCommand } = await import('./commands/check.js');
      process.exitCode = await checkCommand(dir);
    });

  program
    .command('new')
    .description('start a draft post with its front matter filled in')
    // Both optional, as commander gives a lone argument to the first one: `folio new "Title"`.
    .argument('[dir]', 'site folder (default: .)')
    .argument('[title]', 'the post title, in quotes')
    .usage('[dir] <title>')
    .addHelpText(
      'after',
      '\nExamples:\n  folio new "Why I like SQLite"   # inside the site folder\n  folio new my-blog "러스트 소유권 정리"',
    )
    .action(
      async (
        first: string | undefined,
        second: string | undefined,
        _options: unknown,
        command: Command,
      ) => {
        if (first === undefined) {
          command.error("error: missing required argument 'title'", {
            code: 'commander.missingArgument',
          });
        }
        const [dir, title] = second === undefined ? ['.', first] : [first, second];
        const { newCommand } = await import('./commands/new.js');
        process.exitCode = await newCommand(dir, title);
      },
    );

  program
    .command('init')
    .description(
      'create a new site folder with a config, a first post, an avatar and a GitHub Pages workflow',
    )
    .argument('[dir]', 'folder for the site; files already in it stay', '.')
    .addHelpText(
      'after',
      '\nExamples:\n  folio init my-blog && cd my-blog && folio serve --watch\n  folio init   # in the current folder, e.g. an existing blog repository',
    )
    .action(async (dir: string) => {
      const { initCommand } = await import('./commands/init.js');
      process.exitCode = await initCommand(dir);
    });

  program
    .command('import')
    .description(
      'turn a Jekyll, Hexo, Hugo or Eleventy blog, or a WordPress export, into a Folio site; every old URL kept',
    )
    .argument(
      '<source>',
      "folder of the blog, or the file of WordPress's Tools → Export (only read, never changed)",
    )
    .argument('[dir]', 'folder for the new site; no file in it is written over', '.')
    .addOption(
      new Option(
        '--from <engine>',
        'the engine the blog was written for (default: detected)',
      ).choices(ENGINES),
    )
    .option('--lang <code>', 'Hugo: the content language to import (default: the default one)')
    .option('--fallback-tag <name>', 'the tag of posts with neither tags nor categories', 'notes')
    .option(
      '--built <folder>',
      "the site the blog's engine built (_site, public): old URLs its code worked out are read there",
    )
    .addHelpText(
      'after',
      '\nExamples:\n  folio import old-jekyll-blog my-blog\n  folio import blog.WordPress.2024-05-01.xml my-blog\n  folio import old-hugo-site my-blog --lang ko\n  folio import old-hexo-blog my-blog --fallback-tag essay\n  folio import old-eleventy-blog my-blog --built old-eleventy-blog/_site',
    )
    .action(
      async (
        source: string,
        dir: string,
        opts: { from?: EngineName; lang?: string; fallbackTag: string; built?: string },
      ) => {
        const { importCommand } = await import('./commands/import.js');
        process.exitCode = importCommand(source, dir, opts);
      },
    );

  program
    .command('deploy-files')
    .description('write the files of a deploy recipe into the site folder (docs/deploy.md)')
    .addArgument(new Argument('<target>', 'where the site goes').choices(DEPLOY_TARGETS))
    .argument('[dir]', 'site folder', '.')
    .option('--force', 'write over files of the same names', false)
    .addHelpText(
      'after',
      '\nExamples:\n  folio deploy-files netlify   # netlify.toml, inside the site folder\n  folio deploy-files cloudflare-pages my-blog   # static/_headers\n  folio deploy-files nginx   # deploy/nginx.conf, serving the output of folio build\n  folio deploy-files systemd   # folio serve as a service, behind nginx\n  folio deploy-files github-pages --force   # the workflow folio init wrote, anew',
    )
    .action(async (target: DeployTarget, dir: string, opts: { force: boolean }) => {
      const { deployFilesCommand } = await import('./commands/deploy-files.js');
      process.exitCode = await deployFilesCommand(target, dir, opts);
    });

  return program;
}

// A closed pipe on the other end (`folio serve | head`) must not bring the server down.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (cause: NodeJS.ErrnoException) => {
    if (cause.code !== 'EPIPE') throw cause;
  });
}

await createProgram().parseAsync(process.argv);
