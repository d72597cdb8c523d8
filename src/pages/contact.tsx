import React from "react";
import { graphql, type PageProps } from "gatsby";
import { ContactView } from "../components/contact-view";
import { Seo } from "../components/seo";

export default function ContactPage({ data, location }: PageProps<Queries.ContactPageQuery>) {
  const { contactYaml: contact, firmYaml: firm, layoutYaml: layout } = data;
  if (!contact || !firm || !layout) throw new Error("data/contact.yaml, firm.yaml and layout.yaml are required");
  return (
    <>
      <Seo title={contact.title} description={contact.description} pathname={location.pathname} />
      <ContactView contact={contact} firm={firm} newTabNote={layout.footer.newTab} />
    </>
  );
}

export const query = graphql`
  query ContactPage {
    contactYaml {
      title
      description
      heading
      lead
      details {
        heading
        phoneLabel
        addressLabel
        mapLink
        hours
      }
      form {
        heading
        endpoint
        requiredNote
        submit
        privacyNote
        fields {
          name {
            label
            placeholder
          }
          email {
            label
            placeholder
          }
          phone {
            label
            placeholder
          }
          message {
            label
            placeholder
          }
        }
      }
    }
    firmYaml {
      name
      phone {
        display
        dial
      }
      address {
        street
        city
        region
        regionName
        postalCode
      }
    }
    layoutYaml {
      footer {
        newTab
      }
    }
  }
`;
