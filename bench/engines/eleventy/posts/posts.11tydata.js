// Every post: the post layout, at /posts/<file name>/.
export default {
  layout: 'post.njk',
  eleventyComputed: {
    permalink: (data) => `/posts/${data.page.fileSlug}/`,
  },
};
