import React from "react";
import { Link } from "gatsby";
import { ROUTES } from "../lib/paths";
import { CallToAction } from "./call-to-action";
import * as page from "./page.module.css";
import * as styles from "./service-view.module.css";

export interface ServiceViewProps {
  service: NonNullable<Queries.ServicePageQuery["serviceYaml"]>;
  servicesLabel: string;
  cta: NonNullable<Queries.ServicePageQuery["homeYaml"]>["cta"];
}

/** One service page: lead, what it covers, who it is for, what the client receives, and the call to action. */
export function ServiceView({ service, servicesLabel, cta }: ServiceViewProps) {
  return (
    <>
      <header className={page.pageHeader}>
        <div className={page.container}>
          <p className={page.eyebrow}>
            <Link to={ROUTES.services} className={styles.parent}>
              {servicesLabel}
            </Link>
          </p>
          <h1>{service.title}</h1>
          <p className={page.lead}>{service.lead}</p>
        </div>
      </header>

      <section className={page.section} aria-labelledby="covers-heading">
        <div className={page.container}>
          <h2 id="covers-heading">{service.covers.heading}</h2>
          <div className={styles.covers}>
            {service.covers.items.map((item) => (
              <div key={item.title} className={styles.cover}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <div className={page.sectionAlt}>
        <div className={`${page.container} ${styles.columns}`}>
          <div>
            <h2>{service.audience.heading}</h2>
            <ul className={page.checkList}>
              {service.audience.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2>{service.deliverables.heading}</h2>
            <ul className={page.checkList}>
              {service.deliverables.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>

      <CallToAction cta={cta} />
    </>
  );
}
