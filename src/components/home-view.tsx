import React from "react";
import { Link } from "gatsby";
import { ROUTES } from "../lib/paths";
import { CallToAction } from "./call-to-action";
import { CardList, Section } from "./section";
import * as page from "./page.module.css";
import * as styles from "./home-view.module.css";

type HomeData = NonNullable<Queries.HomePageQuery["homeYaml"]>;
type FirmData = NonNullable<Queries.HomePageQuery["firmYaml"]>;

export interface HomeViewProps {
  home: HomeData;
  firm: FirmData;
  services: Queries.HomePageQuery["allServiceYaml"]["nodes"];
}

/** The home page: hero, the process steps, the services grid, the trust statement and the call to action. */
export function HomeView({ home, firm, services }: HomeViewProps) {
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-heading">
        <div className={`${page.container} ${styles.heroInner}`}>
          <p className={`${page.eyebrow} ${styles.heroEyebrow}`}>{home.hero.eyebrow}</p>
          <h1 id="hero-heading" className={styles.headline}>
            {home.hero.headline}
          </h1>
          <p className={styles.heroLead}>{home.hero.lead}</p>
          <Link to={ROUTES.services} className={page.buttonLight}>
            {home.hero.cta}
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3 8h10M9 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Link>
          <ul className={styles.highlights}>
            {home.hero.highlights.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      </section>

      <Section id="process" heading={home.process.heading} intro={home.process.intro}>
        <CardList items={home.process.steps} ordered maxColumns={4} cardClassName={styles.step} />
      </Section>

      <Section id="services" heading={home.services.heading} intro={home.services.intro} alt>
        <ul className={styles.cards}>
          {services.map((service) => (
            <li key={service.path} className={styles.card}>
              <h3 className={styles.cardTitle}>
                <Link to={service.path} className={styles.cardLink}>
                  {service.navLabel}
                </Link>
              </h3>
              <p className={styles.cardText}>{service.summary}</p>
              <span className={styles.cardMore} aria-hidden="true">
                {home.services.cardLink} →
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <section className={page.section} aria-labelledby="trust-heading">
        <div className={`${page.container} ${styles.trust}`}>
          <div className={styles.trustMark} aria-hidden="true">
            <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
              <path d="M24 4l16 6v12c0 10-7 18-16 22C15 40 8 32 8 22V10z" fill="#0f2540" />
              <path d="M17 24l5 5 9-11" fill="none" stroke="#d9bb7e" strokeWidth="3" strokeLinecap="round" />
            </svg>
          </div>
          <div>
            <h2 id="trust-heading">{home.trust.heading}</h2>
            <p className={page.lead}>{home.trust.text}</p>
            <p className={styles.membership}>{firm.membershipNote}</p>
          </div>
        </div>
      </section>

      <CallToAction cta={home.cta} />
    </>
  );
}
