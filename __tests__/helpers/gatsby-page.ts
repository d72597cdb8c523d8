/** A built page as Gatsby 5.16 writes it, before the static-first rewrite: the fixture of the rewrite's tests. */
// The end of a page as `gatsby build` 5.16 writes it: the page-path script, then the stitched `_gatsby-scripts` slice
// (chunk mapping, compilation hash, the three async scripts) between its slice comments.
export const CHUNK_MAPPING = `window.___chunkMapping="{\\"app\\":[\\"/app-0ce08eec0cf85539652a.js\\"],\\"component---src-pages-about-tsx\\":[\\"/component---src-pages-about-tsx-723d40b463ea023ab789.js\\"]}";`;
export const GATSBY_TAIL =
  `<div id="gatsby-announcer" aria-live="assertive" aria-atomic="true"></div></div>` +
  `<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/about";/*]]>*/</script>` +
  `<!-- slice-start id="_gatsby-scripts-1" -->\n          <script\n            id="gatsby-chunk-mapping"\n          >\n` +
  `            ${CHUNK_MAPPING}\n          </script>\n        ` +
  `<script>window.___webpackCompilationHash="1f81a1a1537ef5e85f93";</script>` +
  `<script src="/webpack-runtime-1fa44536194251946ccf.js" async></script>` +
  `<script src="/framework-34442b07ce37eead3834.js" async></script>` +
  `<script src="/app-0ce08eec0cf85539652a.js" async></script>` +
  `<!-- slice-end id="_gatsby-scripts-1" --></body></html>`;
export const HEAD =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
  `<script type="module">const e="undefined"!=typeof HTMLImageElement;</script>` +
  `<script data-react-helmet="true" type="application/ld+json">{"@type":"Organization"}</script>` +
  `<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>`;
export const PAGE = `${HEAD}</head><body><div id="___gatsby"><main>About</main>${GATSBY_TAIL}`;
