import React from "react";
import { Link } from "gatsby";
import { ROUTES } from "../lib/paths";
import * as page from "./page.module.css";
import * as styles from "./call-to-action.module.css";

export interface CallToActionProps {
  cta: Pick<Queries.CallToAction, "heading" | "text" | "button">;
}

/** The closing band that sends visitors to the contact page. */
export function CallToAction({ cta }: CallToActionProps) {
  return (
    <section className={styles.band} aria-labelledby="cta-heading">
      <div className={`${page.container} ${styles.inner}`}>
        <div>
          <h2 id="cta-heading" className={styles.heading}>
            {cta.heading}
          </h2>
          <p className={styles.text}>{cta.text}</p>
        </div>
        <Link to={ROUTES.contact} className={page.buttonLight}>
          {cta.button}
        </Link>
      </div>
    </section>
  );
}
