import React from "react";
import { Link } from "gatsby";
import { ROUTES } from "../lib/paths";
import * as page from "./page.module.css";

export interface NotFoundViewProps {
  content: NonNullable<Queries.NotFoundPageQuery["notFoundYaml"]>;
}

/** The page for an address that does not exist, with a way home. */
export function NotFoundView({ content }: NotFoundViewProps) {
  return (
    <div className={page.narrow}>
      <p className={page.eyebrow}>404</p>
      <h1>{content.heading}</h1>
      <p className={page.lead}>{content.text}</p>
      <p>
        <Link to={ROUTES.home} className={page.button}>
          {content.homeLink}
        </Link>
      </p>
      <p>
        <Link to={ROUTES.services}>{content.servicesLink}</Link>
      </p>
    </div>
  );
}
