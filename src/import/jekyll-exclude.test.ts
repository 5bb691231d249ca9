import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jekyllExcluded } from './jekyll-exclude.js';

const FILE = false;
const FOLDER = true;

describe("a Jekyll blog's exclude and include", () => {
  it("leaves out a theme's own documentation that Minimal Mistakes' config names with a slash", () => {
    const excluded = jekyllExcluded({ exclude: ['/docs', '/test', 'README', 'CHANGELOG'] });
    assert.equal(excluded('docs', FOLDER), true);
    assert.equal(excluded('docs/_posts/2010-01-07-post-standard.md', FILE), true);
    assert.equal(excluded('test', FOLDER), true);
    // An entry is the beginning of a path, as Jekyll reads it: `README` leaves out README.md.
    assert.equal(excluded('README.md', FILE), true);
    assert.equal(excluded('CHANGELOG.md', FILE), true);
    assert.equal(excluded('_posts/2024-01-02-first.md', FILE), false);
    // A path from the blog's folder, not a name anywhere: a post's own docs folder is read.
    assert.equal(excluded('_posts/docs/2024-01-02-setup.md', FILE), false);
  });

  it('reads an entry as a glob whose * crosses folders, or as a path of folders', () => {
    const excluded = jekyllExcluded({
      exclude: ['*.sublime-project', 'assets/js/plugins', 'drafts/', 'notes-[ab].md'],
    });
    assert.equal(excluded('blog.sublime-project', FILE), true);
    assert.equal(excluded('editor/blog.sublime-project', FILE), true);
    assert.equal(excluded('assets/js/plugins', FOLDER), true);
    assert.equal(excluded('assets/js/plugins/jquery.js', FILE), true);
    assert.equal(excluded('assets/js/main.js', FILE), false);
    assert.equal(excluded('drafts', FOLDER), true);
    assert.equal(excluded('notes-a.md', FILE), true);
    assert.equal(excluded('notes-c.md', FILE), false);
  });

  it("leaves out Jekyll's own defaults whatever the config adds, and what include names stays", () => {
    const excluded = jekyllExcluded({ exclude: ['*.log', 'docs'], include: ['keep.log', 'docs'] });
    assert.equal(excluded('node_modules', FOLDER), true);
    assert.equal(excluded('vendor/bundle', FOLDER), true);
    assert.equal(excluded('vendor/site.js', FILE), false);
    assert.equal(excluded('Gemfile.lock', FILE), true);
    assert.equal(excluded('logs/build.log', FILE), true);
    // Named by include, by its path or its name.
    assert.equal(excluded('logs/keep.log', FILE), false);
    assert.equal(excluded('docs/_posts/2024-01-02-first.md', FILE), false);
  });

  it('reads a comma-separated string as Jekyll does, and a config without either', () => {
    const excluded = jekyllExcluded({ exclude: 'docs, test' });
    assert.equal(excluded('test/_posts/2020-01-01-a.md', FILE), true);
    assert.equal(jekyllExcluded({})('about.md', FILE), false);
  });
});
