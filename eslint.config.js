// Lint rules, including the import boundaries that keep the pipeline in order and the pure core
// free of I/O (docs/architecture.md).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

// The files that read the disk. Outside delivery/ and cli/, only they may import node's modules.
const DISK_READERS = [
  'src/config/load-config.ts',
  'src/content/read-sources.ts',
  'src/content/site-layout.ts',
  'src/text/read-text-file.ts',
  'src/load/**/*.ts',
];
// Files that reach the disk only through the readers they import: no node module of their own,
// but no pure file may import them either.
const READING_THROUGH_READERS = ['src/content/load-content.ts'];

// The stages in order, each with the folders under src/ it may not import: a stage imports only
// from those before it. `load/` runs the checks across posts, so it follows site/.
const FOUNDATIONS = ['diagnostics', 'yaml', 'text', 'memo', 'time', 'urls'];
const STAGES = [
  {
    folders: FOUNDATIONS,
    upstream: ['config', 'content', 'site', 'views', 'load', 'delivery', 'cli'],
    message: 'Foundations import nothing of the pipeline.',
  },
  {
    folders: ['search'],
    upstream: ['config', 'content', 'site', 'views', 'load', 'delivery', 'cli'],
    message: 'The search core runs in the browser too: it is given text, and imports no stage.',
  },
  {
    folders: ['config'],
    upstream: ['content', 'site', 'views', 'load', 'delivery', 'cli'],
    message: 'The config is read first: it imports only foundations.',
  },
  {
    folders: ['content'],
    upstream: ['site', 'views', 'load', 'delivery', 'cli'],
    message: 'Loading sits first in the pipeline.',
  },
  {
    folders: ['site'],
    upstream: ['views', 'load', 'delivery', 'cli'],
    message: 'The index comes before rendering, and never loads anything.',
  },
  {
    folders: ['views'],
    upstream: ['load', 'delivery', 'cli'],
    message: 'The core never depends on loading, delivery or the CLI.',
  },
  {
    folders: ['load'],
    upstream: ['views', 'delivery', 'cli'],
    message: 'Loading ends with the checks across posts: it renders nothing.',
  },
  {
    folders: ['delivery'],
    upstream: ['cli'],
    message: 'The CLI drives delivery, not the reverse.',
  },
  {
    folders: ['import'],
    upstream: ['site', 'views', 'load', 'delivery', 'cli'],
    message: 'The importer writes a site folder; it reads it back only through the CLI.',
  },
];

// What reaches the disk, the processes or the network when imported: node's modules, by either
// name, and the packages that read files themselves.
const DISK_MESSAGE = 'Only the reader files read the disk (DISK_READERS in eslint.config.js).';
const diskModules = {
  paths: [...builtinModules, 'image-size/fromFile'].map((name) => ({
    name,
    message: DISK_MESSAGE,
  })),
  patterns: [{ group: ['node:*'], message: DISK_MESSAGE }],
};
// A reader file, by the name an import gives it (load/ is upstream of every pure file already).
// Types carry no I/O: a pure file may name a reader's types.
const readerImports = {
  group: [...DISK_READERS, ...READING_THROUGH_READERS]
    .filter((file) => !file.includes('*'))
    .map((file) => file.slice(file.lastIndexOf('/') + 1, -'.ts'.length))
    .flatMap((name) => [`**/${name}.js`, `**/${name}`]),
  allowTypeImports: true,
  message: 'A pure file never reaches the disk, not even through a reader file it imports.',
};
const EDGES = ['delivery', 'cli', 'import'];

const restrictImports = (options) => ({
  '@typescript-eslint/no-restricted-imports': ['error', options],
});
const stageOrder = ({ upstream, message }) => ({
  group: upstream.map((folder) => `**/${folder}/**`),
  message,
});

/** A pure file's rules: no node module, no reader, no `process`, no import at run time. */
const pureRules = (stage) => ({
  ...restrictImports({
    paths: diskModules.paths,
    patterns: [...diskModules.patterns, stageOrder(stage), readerImports],
  }),
  'no-restricted-globals': [
    'error',
    { name: 'process', message: DISK_MESSAGE },
    { name: 'fetch', message: DISK_MESSAGE },
  ],
  'no-restricted-syntax': [
    'error',
    { selector: 'ImportExpression', message: 'A pure file imports its modules statically.' },
  ],
});

/**
 * The import rules of a stage's files. At the edges, only the stage order. Elsewhere, a disk
 * reader may also import node's modules, a file reading through readers may import readers, and
 * every other file is pure.
 */
function boundaries(stage) {
  const files = stage.folders.map((folder) => `src/${folder}/**/*.ts`);
  const ignores = ['**/*.test.ts'];
  if (stage.folders.some((folder) => EDGES.includes(folder))) {
    return [{ files, ignores, rules: restrictImports({ patterns: [stageOrder(stage)] }) }];
  }
  const inStage = (file) => stage.folders.some((folder) => file.startsWith(`src/${folder}/`));
  const diskReaders = DISK_READERS.filter(inStage);
  const readingThroughReaders = READING_THROUGH_READERS.filter(inStage);
  return [
    {
      files,
      ignores: [...ignores, ...diskReaders, ...readingThroughReaders],
      rules: pureRules(stage),
    },
    { files: diskReaders, ignores, rules: restrictImports({ patterns: [stageOrder(stage)] }) },
    {
      files: readingThroughReaders,
      ignores,
      rules: restrictImports({
        paths: diskModules.paths,
        patterns: [...diskModules.patterns, stageOrder(stage)],
      }),
    },
  ].filter((block) => block.files.length > 0);
}

// A folder of src/ that no stage names yet is held to the pure rules until it is given one.
const unstaged = {
  files: ['src/**/*.ts'],
  ignores: [
    '**/*.test.ts',
    ...EDGES.map((folder) => `src/${folder}/**`),
    ...DISK_READERS,
    ...READING_THROUGH_READERS,
  ],
  rules: pureRules({ upstream: EDGES, message: 'Only the edges import the edges.' }),
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'demo/',
      'coverage/',
      'test/fixtures/',
      'test-results/',
      'bench/.engines/',
      'bench/.work/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
    },
  },
  unstaged,
  ...STAGES.flatMap(boundaries),
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  prettier,
);
