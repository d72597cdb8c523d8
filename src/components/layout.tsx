import React from "react";
// The error boundary brings page.module.css, the building blocks every view shares: imported first, so that the one
// CSS file lists it before the header's, footer's and views' own rules in every chunk (no "conflicting order").
import { ErrorBoundary } from "./error-boundary";
import { Header, type HeaderLabels } from "./header";
import { Footer, type FooterProps } from "./footer";
import type { NavItem } from "../lib/nav";
import * as styles from "./layout.module.css";

export const MAIN_ID = "main-content";

export interface LayoutViewProps {
  pathname: string;
  firmName: string;
  skipLink: string;
  nav: NavItem[];
  headerLabels: HeaderLabels;
  footer: Omit<FooterProps, "firmName">;
  errorScreen: { title: string; body: string; homeLink: string };
  children: React.ReactNode;
}

/** Skip link, sticky header, the page (inside an error boundary) and the footer. */
export function LayoutView({
  pathname,
  firmName,
  skipLink,
  nav,
  headerLabels,
  footer,
  errorScreen,
  children,
}: LayoutViewProps) {
  return (
    <div className={styles.shell}>
      <a href={`#${MAIN_ID}`} className={styles.skipLink}>
        {skipLink}
      </a>
      <Header firmName={firmName} nav={nav} labels={headerLabels} pathname={pathname} />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <ErrorBoundary key={pathname} {...errorScreen}>
          {children}
        </ErrorBoundary>
      </main>
      <Footer firmName={firmName} {...footer} />
    </div>
  );
}
