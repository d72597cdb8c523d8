import React from "react";
import { useHydrated } from "../hooks/use-hydrated";
import { contentHref } from "../lib/content-link";
import { FOOTER_YEAR_ID, FOOTER_YEAR_SCRIPT } from "../lib/footer-year";
import * as styles from "./footer.module.css";

export interface FooterProps {
  firmName: string;
  tagline?: string;
  buildYear: number;
  rights: string;
  linksLabel: string;
  newTabNote: string;
  links: readonly { label: string; url: string }[];
}

/**
 * © the visitor's current year and the firm's name, and the outbound links, which open in a new tab (an address content
 * may not link to shows as its label alone: content-link.ts).
 */
export function Footer({ firmName, tagline, buildYear, rights, linksLabel, newTabNote, links }: FooterProps) {
  // The build's year in the prebuilt page and the hydrating render (no mismatch), the visitor's once React runs.
  const year = useHydrated() ? new Date().getFullYear() : buildYear;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.name}>{firmName}</p>
          {tagline && <p className={styles.tagline}>{tagline}</p>}
        </div>
        <ul className={styles.links} aria-label={linksLabel}>
          {links.map((link) => {
            const href = contentHref(link.url);
            return (
              <li key={link.url}>
                {href === null ? (
                  <span className={styles.link}>{link.label}</span>
                ) : (
                  <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
                    {link.label}
                    <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
                      <path d="M4.5 2.5h5v5M9.5 2.5l-7 7" fill="none" stroke="currentColor" strokeWidth="1.5" />
                    </svg>
                    <span className="visually-hidden"> {newTabNote}</span>
                  </a>
                )}
              </li>
            );
          })}
        </ul>
        {/* The script below may already have put the visitor's year in: React keeps it, with no mismatch. */}
        <p className={styles.copyright}>
          ©{" "}
          <span id={FOOTER_YEAR_ID} data-testid="footer-year" suppressHydrationWarning>
            {year}
          </span>{" "}
          {firmName}. {rights}
        </p>
        <script dangerouslySetInnerHTML={{ __html: FOOTER_YEAR_SCRIPT }} />
      </div>
    </footer>
  );
}
