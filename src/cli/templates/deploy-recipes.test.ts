import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseToml } from 'smol-toml';
import { securityHeaders } from '../../delivery/app/security-headers.js';
import { deployRecipe, staticHostHeaders } from './deploy-recipes.js';
import { DEPLOY_TARGETS } from './deploy-targets.js';

describe('deploy recipes', () => {
  it('give static hosts the headers of folio serve but its script rules', () => {
    const headers = new Map(staticHostHeaders());
    assert.equal(headers.get('X-Content-Type-Options'), 'nosniff');
    assert.equal(headers.get('Referrer-Policy'), securityHeaders(false)['referrer-policy']);
    const policy = headers.get('Content-Security-Policy') ?? '';
    assert.match(policy, /frame-ancestors 'none'/);
    assert.match(policy, /object-src 'none'/);
    assert.doesNotMatch(policy, /script-src|default-src/);
  });

  it('name the host of the site where a server needs it', () => {
    for (const target of ['nginx', 'systemd'] as const) {
      const text = deployRecipe(target, { host: 'notes.example.org', base: '' })
        .files.map(([, body]) => body)
        .join('\n');
      assert.match(text, /server_name notes\.example\.org;/);
    }
  });

  it('write only files of their own, each with something to do next', () => {
    const paths = DEPLOY_TARGETS.flatMap((target) => {
      const recipe = deployRecipe(target, { host: 'blog.example.com', base: '' });
      assert.ok(recipe.next.length > 0, target);
      return recipe.files.map(([path]) => path);
    });
    assert.equal(new Set(paths).size, paths.length);
  });

  it('write a netlify.toml that parses, its build command quoted whole', () => {
    const [[, text = ''] = []] = deployRecipe('netlify', {
      host: 'blog.example.com',
      base: '',
    }).files;
    const toml = parseToml(text) as { build: { command: string } };
    assert.match(toml.build.command, /^\(if \[ "\$FOLIO_REPOSITORY" = /);
    assert.match(toml.build.command, /&& folio build --out dist$/);
  });

  it('serve a site under its base path with nginx: files, lifetimes, 404 page and the way in', () => {
    const [[, text = ''] = []] = deployRecipe('nginx', {
      host: 'jane.example',
      base: '/blog',
    }).files;
    assert.match(
      text,
      /rsync -a --delete --exclude '\.folio\*' dist\/ server:\/var\/www\/jane\.example\/blog\//,
    );
    assert.match(text, /^ {4}root \/var\/www\/jane\.example;$/m);
    assert.match(text, /~\^\/blog\/assets\/ +"public, max-age=31536000, immutable";/);
    assert.match(text, /location = \/ \{\n {8}return 301 \/blog\/;/);
    assert.match(text, /error_page 404 \/blog\/404\.html;/);
    const root = deployRecipe('nginx', { host: 'jane.example', base: '' }).files[0]?.[1] ?? '';
    assert.doesNotMatch(root, /return 301/);
    assert.match(root, /error_page 404 \/404\.html;/);
  });

  it('let folio serve under systemd write the smaller versions of images, and nothing else', () => {
    const [[, unit = ''] = []] = deployRecipe('systemd', { host: 'jane.example', base: '' }).files;
    assert.match(unit, /^ReadWritePaths=-\/srv\/jane\.example\/\.folio$/m);
    assert.match(unit, /^ProtectSystem=strict$/m);
  });
});
