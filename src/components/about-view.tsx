import React from "react";
import { getImage } from "gatsby-plugin-image";
import { Picture } from "./picture";
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
      <header className={page.pageHeader}>
        <div className={page.container}>
          <h1>{about.heading}</h1>
          <p className={page.lead}>{about.lead}</p>
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
        </div>
      </header>

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
          <div className={page.prose}>
            <h2 id="story-heading">{about.story.heading}</h2>
            {about.story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <section className={page.sectionAlt} aria-labelledby="why-heading">
        <div className={page.container}>
          <h2 id="why-heading">{about.whyChooseUs.heading}</h2>
          <ul className={styles.points}>
            {about.whyChooseUs.points.map((point) => (
              <li key={point.title} className={styles.point}>
                <h3 className={styles.pointTitle}>{point.title}</h3>
                <p className={styles.pointText}>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={page.section} aria-labelledby="credential-heading">
        <div className={`${page.container} ${styles.credential}`}>
          {badge && <Picture image={badge} alt={firm.credential.badgeAlt} className={styles.badge} />}
          <div className={page.prose}>
            <h2 id="credential-heading">{about.credential.heading}</h2>
            {about.credential.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
