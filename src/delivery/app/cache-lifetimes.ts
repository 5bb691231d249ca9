// Deliver: how long browsers and caches may keep each kind of answer without asking again. The
// server sends these, and the deploy recipes give static hosts the same.

/** Pages, feeds and the 404 page keep their address from one version of the site to the next. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Theme files, fonts and search data carry a hash of their content in their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The author's own files under static/ may change under the same name, but seldom. */
export const STATIC_FILE = 'public, max-age=3600';
