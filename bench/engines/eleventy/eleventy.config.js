// The benchmark's Eleventy site: the same page set as the other engines and Folio's common pages.
// Posts are written into posts/ by the benchmark, one file per post.
const dateFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function slugify(name) {
  return name
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}-]/gu, '');
}

// Each collection's position index, built once, so that neighbours are found without a scan.
const positions = new WeakMap();

export default function (eleventyConfig) {
  eleventyConfig.addCollection('posts', (api) =>
    api
      .getFilteredByGlob('posts/**/*.md')
      .sort((a, b) => b.date - a.date || a.fileSlug.localeCompare(b.fileSlug)),
  );
  eleventyConfig.addCollection('categories', (api) => {
    const groups = new Map();
    const posts = api
      .getFilteredByGlob('posts/**/*.md')
      .sort((a, b) => b.date - a.date || a.fileSlug.localeCompare(b.fileSlug));
    for (const post of posts) {
      const name = post.data.category;
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(post);
    }
    return [...groups].map(([name, items]) => ({ name, slug: slugify(name), posts: items }));
  });
  eleventyConfig.addFilter('slug', slugify);
  eleventyConfig.addFilter('shown', (date) => dateFormat.format(date));
  eleventyConfig.addFilter('iso', (date) => date.toISOString());
  eleventyConfig.addFilter('rfc822', (date) => date.toUTCString());
  eleventyConfig.addFilter('excerpt', (html) => {
    const text = String(html ?? '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return text.length > 200 ? `${text.slice(0, 200).replace(/\s+\S*$/, '')}...` : text;
  });
  eleventyConfig.addFilter('neighbour', (collection, url, step) => {
    let index = positions.get(collection);
    if (!index) {
      index = new Map(collection.map((item, i) => [item.url, i]));
      positions.set(collection, index);
    }
    return collection[index.get(url) + step];
  });
  eleventyConfig.addPassthroughCopy('images');
  return {
    dir: { input: '.', includes: '_includes', output: '_site' },
    // Posts are plain Markdown: no template language runs over them first.
    markdownTemplateEngine: false,
    htmlTemplateEngine: 'njk',
  };
}
