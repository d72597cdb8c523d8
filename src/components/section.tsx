import React from "react";
import { balancedColumns } from "../lib/grid";
import * as page from "./page.module.css";

export interface SectionProps {
  /** Names the section: its heading's id is `<id>-heading` (links such as /about#why-heading point there). */
  id: string;
  heading: string;
  intro?: string;
  /** The tinted background, to set a section off from its neighbours. */
  alt?: boolean;
  /** Extra class of the inner container, for a section's own layout. */
  className?: string;
  children: React.ReactNode;
}

/** A page section named by its h2 (a region for assistive technology), with an optional intro sentence. */
export function Section({ id, heading, intro, alt = false, className, children }: SectionProps) {
  return (
    <section className={alt ? page.sectionAlt : page.section} aria-labelledby={`${id}-heading`}>
      <div className={className ? `${page.container} ${className}` : page.container}>
        <h2 id={`${id}-heading`}>{heading}</h2>
        {intro && <p className={page.sectionIntro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** A bulleted list with check marks. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className={page.checkList}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export interface CardListProps {
  items: readonly { title: string; text: string }[];
  /** Numbered steps (an ordered list with 01, 02 … shown) rather than points. */
  ordered?: boolean;
  /** Columns on wide screens at most; the rows are balanced (5 cards → 3 + 2). */
  maxColumns: number;
  /** Class of each card, for its accent. */
  cardClassName: string;
}

/** Titled cards in a grid that wraps on small screens and stays balanced on wide ones, for any number of items. */
export function CardList({ items, ordered = false, maxColumns, cardClassName }: CardListProps) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={page.cardGrid} data-columns={balancedColumns(items.length, maxColumns)}>
      {items.map((item, index) => (
        <li key={item.title} className={`${page.card} ${cardClassName}`}>
          {ordered && (
            <span className={page.cardNumber} aria-hidden="true">
              {String(index + 1).padStart(2, "0")}
            </span>
          )}
          <h3 className={page.cardTitle}>{item.title}</h3>
          <p className={page.cardText}>{item.text}</p>
        </li>
      ))}
    </List>
  );
}

/** A heading with paragraphs, set as readable prose. */
export function Prose({ id, heading, paragraphs }: { id: string; heading: string; paragraphs: readonly string[] }) {
  return (
    <div className={page.prose}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}
