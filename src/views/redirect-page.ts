// Render: the page a static export leaves at an old path, for hosts that cannot answer a
// redirect: browsers follow its refresh at once, search engines its canonical link.
import type { Site } from '../site/build-site.js';
import { basePathOf, linkTo } from '../urls/base-path.js';
import { absoluteUrl } from './absolute-urls.js';
import { html } from './html.js';
import { messagesFor } from './i18n/messages.js';

/** The page at an old path that leads to `to`, a site path or another site's URL. */
export function redirectPage(site: Site, to: string): string {
  const { locale, url } = site.config;
  const target = absoluteUrl(url, to);
  const link = linkTo(basePathOf(url), to);
  return html`<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${target}</title>
<link rel="canonical" href="${target}">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${link}">
</head>
<body>
<p>${messagesFor(locale).pageMoved} <a href="${link}">${target}</a></p>
</body>
</html>
`.toString();
}
