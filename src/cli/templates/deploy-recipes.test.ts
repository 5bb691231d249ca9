import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseToml } from 'smol-toml';
import { securityHeaders } from '../../delivery/app/security-headers.js';
import { DEPLOY_TARGETS, deployRecipe, staticHostHeaders } from './deploy-recipes.js';

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
      const text = deployRecipe(target, { host: 'notes.example.org' })
        .files.map(([, body]) => body)
        .join('\n');
      assert.match(text, /server_name notes\.example\.org;/);
    }
  });

  it('write only files of their own, each with something to do next', () => {
    const paths = DEPLOY_TARGETS.flatMap((target) => {
      const recipe = deployRecipe(target, { host: 'blog.example.com' });
      assert.ok(recipe.next.length > 0, target);
      return recipe.files.map(([path]) => path);
    });
    assert.equal(new Set(paths).size, paths.length);
  });

  it('write a netlify.toml that parses, its build command quoted whole', () => {
    const [[, text = ''] = []] = deployRecipe('netlify', { host: 'blog.example.com' }).files;
    const toml = parseToml(text) as { build: { command: string } };
    assert.match(toml.build.command, /^\(if \[ "\$FOLIO_REPOSITORY" = /);
    assert.match(toml.build.command, /&& folio build --out dist$/);
  });
});
