/** The footer's year: the element that shows it, and the inline script that sets it in the prebuilt page. */
export const FOOTER_YEAR_ID = "footer-year";

/**
 * Puts the visitor's year into the prebuilt page as soon as the browser reads it, before the first paint and long
 * before the runtime starts. The hosting step knows it as one of the build's own scripts and hashes it into each
 * page's Content-Security-Policy.
 */
export const FOOTER_YEAR_SCRIPT = `document.getElementById("${FOOTER_YEAR_ID}").textContent=new Date().getFullYear();`;
