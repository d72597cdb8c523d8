import React from "react";
import { getImage } from "gatsby-plugin-image";
import { Picture } from "./picture";
import { PageHeader } from "./page-header";
import { CardList, Prose, Section } from "./section";
import * as page from "./page.module.css";
import * as styles from "./about-view.module.css";

export interface AboutViewProps {
  about: NonNullable<Queries.AboutPageQuery["aboutYaml"]>;
  firm: NonNullable<Queries.AboutPageQuery["firmYaml"]>;
}

/** The about page: founder portrait, founding story, Why Choose Us, and what the credential badge means. */
export function AboutView({ about, firm }: AboutViewProps) {
  const portrait = getImage(firm.founder.portrait.childImageSharp?.gatsbyImageData ?? null);
  const badge = getImage(firm.credential.badge.childImageSharp?.gatsbyImageData ?? null);
  return (
    <>
      <PageHeader heading={about.heading} lead={about.lead}>
        <dl className={styles.facts}>
          <div>
            <dt>{about.facts.founded}</dt>
            <dd>{firm.founded}</dd>
          </div>
          <div>
            <dt>{about.facts.experience}</dt>
            <dd>{firm.yearsOfExperience}+</dd>
          </div>
          <div>
            <dt>{about.facts.area}</dt>
            <dd>{firm.areaServed}</dd>
          </div>
        </dl>
      </PageHeader>

      <section className={page.section} aria-labelledby="story-heading">
        <div className={`${page.container} ${styles.storyGrid}`}>
          <figure className={styles.founder}>
            {portrait && (
              <Picture image={portrait} alt={firm.founder.portraitAlt} className={styles.portrait} loading="eager" />
            )}
            <figcaption className={styles.caption}>
              <span className={styles.founderName}>{firm.founder.name}</span>
              <span className={styles.founderTitle}>{firm.founder.title}</span>
            </figcaption>
          </figure>
          <Prose id="story" {...about.story} />
        </div>
      </section>

      <Section id="why" heading={about.whyChooseUs.heading} alt>
        <CardList items={about.whyChooseUs.points} maxColumns={4} cardClassName={styles.point} />
      </Section>

      <section className={page.section} aria-labelledby="credential-heading">
        <div className={`${page.container} ${styles.credential}`}>
          {badge && <Picture image={badge} alt={firm.credential.badgeAlt} className={styles.badge} />}
          <Prose id="credential" {...about.credential} />
        </div>
      </section>
    </>
  );
}
