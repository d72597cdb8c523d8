import React from "react";
import { Link } from "gatsby";
import * as page from "./page.module.css";
import * as styles from "./services-view.module.css";

export interface ServicesViewProps {
  content: NonNullable<Queries.ServicesPageQuery["servicesPageYaml"]>;
  services: Queries.ServicesPageQuery["allServiceYaml"]["nodes"];
}

/** The services overview: one group per service, each with its bullets and a link to its page. */
export function ServicesView({ content, services }: ServicesViewProps) {
  return (
    <>
      <header className={page.pageHeader}>
        <div className={page.container}>
          <h1>{content.heading}</h1>
          <p className={page.lead}>{content.lead}</p>
        </div>
      </header>
      <div className={page.section}>
        <div className={`${page.container} ${styles.groups}`}>
          {services.map((service) => (
            <section key={service.path} className={styles.group} aria-labelledby={`group-${service.slug}`}>
              <h2 id={`group-${service.slug}`} className={styles.groupTitle}>
                {service.title}
              </h2>
              <ul className={page.checkList}>
                {service.overview.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
              <Link to={service.path} className={styles.more}>
                {content.detailsLink} {service.navLabel}
                <span aria-hidden="true"> →</span>
              </Link>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
