import React from "react";
import { Link } from "gatsby";
import { PageHeader } from "./page-header";
import { CheckList } from "./section";
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
      <PageHeader heading={content.heading} lead={content.lead} />
      <div className={page.section}>
        <div className={`${page.container} ${styles.groups}`}>
          {services.map((service) => (
            <section key={service.path} className={styles.group} aria-labelledby={`group-${service.slug}`}>
              <h2 id={`group-${service.slug}`} className={styles.groupTitle}>
                {service.title}
              </h2>
              <CheckList items={service.overview} />
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
