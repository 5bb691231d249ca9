import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allowanceOf } from './resource.js';
import { securityHeaders, withPolicyMeta } from './security-headers.js';

const policy = (page?: Parameters<typeof allowanceOf>[0], liveReload = false): string =>
  securityHeaders(liveReload, page && allowanceOf(page))['content-security-policy'] ?? '';

const PLAUSIBLE = { script: ['https://plausible.io'], connect: ['https://plausible.io'] };

describe('the Content-Security-Policy of a page', () => {
  it('forbids every script on a page that loads nothing, as before', () => {
    assert.equal(
      policy(),
      "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; media-src 'self' https:; frame-src https:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    assert.equal(allowanceOf({ scripts: [] }), undefined);
  });

  it("allows a service's origins, and where it sends, on the pages that load it", () => {
    const csp = policy({ sources: PLAUSIBLE });
    assert.match(csp, /script-src https:\/\/plausible\.io;/);
    assert.match(csp, /connect-src 'self' https:\/\/plausible\.io;/);
    assert.match(csp, /default-src 'self';/);
  });

  it("keeps Folio's own scripts by hash beside a service's origin", () => {
    const copy = { text: 'copy()', loadsScripts: false };
    const csp = policy({
      scripts: [copy],
      sources: { script: ['https://giscus.app'], connect: [] },
    });
    assert.match(csp, /script-src 'sha256-[^']+' https:\/\/giscus\.app;/);
    assert.doesNotMatch(csp, /connect-src/);
  });

  it("loads Mermaid from the site's origin where 'strict-dynamic' would block a service", () => {
    const loader = { text: 'load()', loadsScripts: true };
    assert.match(policy({ scripts: [loader] }), /'strict-dynamic'/);
    const csp = policy({ scripts: [loader], sources: PLAUSIBLE });
    assert.doesNotMatch(csp, /strict-dynamic/);
    assert.match(csp, /script-src 'sha256-[^']+' 'self' https:\/\/plausible\.io;/);
  });

  it('writes the same policy into a page that loads a service, but frame-ancestors', () => {
    const page = '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>x</title>';
    const allowance = allowanceOf({ sources: PLAUSIBLE });
    const written = withPolicyMeta(page, true, allowance);
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(written)?.[1];
    const header = securityHeaders(true, allowance)['content-security-policy'];
    assert.equal(meta, header?.replace("; frame-ancestors 'none'", ''));
    assert.ok(written.indexOf('http-equiv') < written.indexOf('<title>'));
    assert.equal(withPolicyMeta(page, false, undefined), page);
  });
});
