import React from "react";
import { Link } from "gatsby";
import { ROUTES } from "../lib/paths";
import { CallToAction } from "./call-to-action";
import { PageHeader } from "./page-header";
import { CheckList, Section } from "./section";
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
      <PageHeader
        heading={service.title}
        lead={service.lead}
        eyebrow={
          <Link to={ROUTES.services} className={styles.parent}>
            {servicesLabel}
          </Link>
        }
      />

      <Section id="covers" heading={service.covers.heading}>
        <div className={styles.covers}>
          {service.covers.items.map((item) => (
            <div key={item.title} className={styles.cover}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </div>
          ))}
        </div>
      </Section>

      <div className={page.sectionAlt}>
        <div className={`${page.container} ${styles.columns}`}>
          {[service.audience, service.deliverables].map((list) => (
            <div key={list.heading}>
              <h2>{list.heading}</h2>
              <CheckList items={list.items} />
            </div>
          ))}
        </div>
      </div>

      <CallToAction cta={cta} />
    </>
  );
}
