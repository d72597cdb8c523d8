import React from "react";
import { contentHref } from "../lib/content-link";
import { mapUrl } from "../lib/map-link";
import { ContactForm } from "./contact-form";
import { PageHeader } from "./page-header";
import * as page from "./page.module.css";
import * as styles from "./contact-view.module.css";

export interface ContactViewProps {
  contact: NonNullable<Queries.ContactPageQuery["contactYaml"]>;
  firm: NonNullable<Queries.ContactPageQuery["firmYaml"]>;
  newTabNote: string;
}

/** The contact page: the form, the phone number as a tel: link and the office address with a map link. */
export function ContactView({ contact, firm, newTabNote }: ContactViewProps) {
  const { address, phone } = firm;
  const phoneHref = contentHref(`tel:${phone.dial}`);
  return (
    <>
      <PageHeader heading={contact.heading} lead={contact.lead} />
      <div className={page.section}>
        <div className={`${page.container} ${styles.grid}`}>
          <section className={styles.formCard} aria-labelledby="form-heading">
            <h2 id="form-heading">{contact.form.heading}</h2>
            <ContactForm form={contact.form} />
          </section>
          <section className={styles.details} aria-labelledby="details-heading">
            <h2 id="details-heading">{contact.details.heading}</h2>
            <dl className={styles.list}>
              <dt>{contact.details.phoneLabel}</dt>
              <dd>
                {phoneHref === null ? (
                  <span className={styles.phone}>{phone.display}</span>
                ) : (
                  <a href={phoneHref} className={styles.phone}>
                    {phone.display}
                  </a>
                )}
                <span className={styles.hours}>{contact.details.hours}</span>
              </dd>
              <dt>{contact.details.addressLabel}</dt>
              <dd>
                <address className={styles.address}>
                  {firm.name}
                  <br />
                  {address.street}
                  <br />
                  {address.city}, {address.regionName} {address.postalCode}
                </address>
                <a href={mapUrl(address)} target="_blank" rel="noopener noreferrer" className={styles.mapLink}>
                  {contact.details.mapLink}
                  <span className="visually-hidden"> {newTabNote}</span>
                </a>
              </dd>
            </dl>
          </section>
        </div>
      </div>
    </>
  );
}
