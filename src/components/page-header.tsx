import React from "react";
import * as page from "./page.module.css";

export interface PageHeaderProps {
  heading: string;
  lead: string;
  /** A line above the heading, e.g. the link back to /services. */
  eyebrow?: React.ReactNode;
  /** More content under the lead, e.g. the about page's key facts. */
  children?: React.ReactNode;
}

/** The band at the top of an inner page: its one h1 and the lead paragraph. */
export function PageHeader({ heading, lead, eyebrow, children }: PageHeaderProps) {
  return (
    <header className={page.pageHeader}>
      <div className={page.container}>
        {eyebrow && <p className={page.eyebrow}>{eyebrow}</p>}
        <h1>{heading}</h1>
        <p className={page.lead}>{lead}</p>
        {children}
      </div>
    </header>
  );
}
