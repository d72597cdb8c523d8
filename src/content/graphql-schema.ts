/**
 * The content model of data/*.yaml as GraphQL types. Declared explicitly (`@dontInfer`) so that a typo in a YAML file
 * cannot silently change the schema, and described field by field so that GraphiQL's docs explain the content.
 */
export const contentTypeDefs = /* GraphQL */ `
  "The shared layout's words: navigation, menu buttons, footer and error screen (data/layout.yaml)."
  type LayoutYaml implements Node @dontInfer {
    "Navigation labels used by the desktop bar and the mobile menu."
    nav: LayoutNav!
    "Text of the skip link that jumps past the header to the page content."
    skipLink: String!
    "Footer wording."
    footer: LayoutFooter!
    "The friendly screen shown if a page fails to render."
    errorScreen: LayoutErrorScreen!
  }

  "Navigation labels."
  type LayoutNav {
    "Accessible name of the logo link to the home page."
    homeLabel: String!
    "Label of the About link."
    about: String!
    "Label of the Services link."
    services: String!
    "Label of the Contact link."
    contact: String!
    "Accessible name of the button that opens the services dropdown."
    servicesToggle: String!
    "Label of the mobile menu button while the menu is closed."
    menuOpen: String!
    "Label of the mobile menu button while the menu is open."
    menuClose: String!
    "Accessible name of the main navigation landmark."
    mainLabel: String!
  }

  "Footer wording."
  type LayoutFooter {
    "Text after the copyright year and firm name."
    rights: String!
    "Accessible name of the list of outbound links."
    linksLabel: String!
    "Hidden text telling screen-reader users a link opens a new tab."
    newTab: String!
  }

  "The error screen shown when a page fails to render."
  type LayoutErrorScreen {
    "Heading of the error screen."
    title: String!
    "Explanation shown under the heading."
    body: String!
    "Text of the link back to the home page."
    homeLink: String!
  }

  "The firm: name, founder, credential, phone, address and outbound links (data/firm.yaml)."
  type FirmYaml implements Node @dontInfer {
    "The firm's full name, used in the header, footer and page titles."
    name: String!
    "One-line description of the firm."
    tagline: String!
    "A paragraph describing the firm, used for search engines and link previews."
    description: String!
    "Year the firm was founded."
    founded: Int!
    "Years of experience the firm claims (shown as 'over N years')."
    yearsOfExperience: Int!
    "Where the firm works, for search engines (e.g. United States)."
    areaServed: String!
    "The founder and director."
    founder: FirmFounder!
    "The credential the director holds."
    credential: FirmCredential!
    "The membership note shown with the trust statement."
    membershipNote: String!
    "The firm's phone number."
    phone: FirmPhone!
    "The firm's postal address."
    address: FirmAddress!
    "Outbound links shown in the footer, in order."
    links: [FirmLink!]!
  }

  "The firm's founder and director."
  type FirmFounder {
    "Full name."
    name: String!
    "Job title and credential."
    title: String!
    "Portrait image, a path relative to data/firm.yaml."
    portrait: File! @fileByRelativePath
    "Text alternative describing the portrait."
    portraitAlt: String!
  }

  "A professional credential."
  type FirmCredential {
    "Full name of the credential."
    name: String!
    "Its abbreviation."
    abbreviation: String!
    "The body that awards it."
    awardedBy: String!
    "Badge image, a path relative to data/firm.yaml."
    badge: File! @fileByRelativePath
    "Text alternative describing the badge."
    badgeAlt: String!
  }

  "A phone number."
  type FirmPhone {
    "The number as visitors read it, e.g. (310) 555-0142."
    display: String!
    "The number in international form for tel: links, e.g. +13105550142."
    dial: String!
  }

  "A postal address."
  type FirmAddress {
    "Street and suite."
    street: String!
    "City."
    city: String!
    "State abbreviation, e.g. CA."
    region: String!
    "State name, e.g. California."
    regionName: String!
    "ZIP code."
    postalCode: String!
    "ISO country code, e.g. US."
    country: String!
  }

  "An outbound link in the footer."
  type FirmLink {
    "Link text, e.g. LinkedIn (the professional network), Facebook (social network), X (microblog)."
    label: String!
    "Absolute https URL."
    url: String!
  }

  "The home page (data/home.yaml)."
  type HomeYaml implements Node @dontInfer {
    "Page title shown in the browser tab."
    title: String!
    "Meta description for search engines."
    description: String!
    "The hero at the top of the page."
    hero: HomeHero!
    "The process section."
    process: HomeProcess!
    "The 'Our Services' card grid's heading and intro."
    services: HomeServices!
    "The trust statement."
    trust: HomeTrust!
    "The closing call to action, also used on service pages."
    cta: CallToAction!
  }

  "The home page hero."
  type HomeHero {
    "Small line above the headline."
    eyebrow: String!
    "The page's main heading."
    headline: String!
    "Paragraph under the headline."
    lead: String!
    "Text of the button linking to /services."
    cta: String!
    "Short proof points under the button."
    highlights: [String!]!
  }

  "The four-step process."
  type HomeProcess {
    "Section heading."
    heading: String!
    "Sentence under the heading."
    intro: String!
    "The steps, in order (exactly four)."
    steps: [HomeStep!]!
  }

  "One step of the process."
  type HomeStep {
    "Step name, e.g. Data Gathering."
    title: String!
    "What happens in this step."
    text: String!
  }

  "Heading and intro of the services card grid; the cards come from data/services/."
  type HomeServices {
    "Section heading."
    heading: String!
    "Sentence under the heading."
    intro: String!
    "Text of each card's link."
    cardLink: String!
  }

  "The trust statement."
  type HomeTrust {
    "Heading."
    heading: String!
    "Statement text; the membership note from data/firm.yaml follows it."
    text: String!
  }

  "A call to action linking to the contact page."
  type CallToAction {
    "Heading."
    heading: String!
    "Sentence under the heading."
    text: String!
    "Text of the link to /contact."
    button: String!
  }

  "The about page (data/about.yaml)."
  type AboutYaml implements Node @dontInfer {
    "Page title shown in the browser tab."
    title: String!
    "Meta description for search engines."
    description: String!
    "The page's main heading."
    heading: String!
    "Paragraph under the heading."
    lead: String!
    "Labels of the three key facts; their values come from data/firm.yaml."
    facts: AboutFacts!
    "The founding story."
    story: TextSection!
    "The 'Why Choose Us?' list."
    whyChooseUs: AboutWhyChooseUs!
    "What the credential badge means."
    credential: TextSection!
  }

  "Labels of the about page's key facts."
  type AboutFacts {
    "Label of the founding year (firm.founded)."
    founded: String!
    "Label of the years of experience (firm.yearsOfExperience, shown as N+)."
    experience: String!
    "Label of the area served (firm.areaServed)."
    area: String!
  }

  "A heading with paragraphs."
  type TextSection {
    "Section heading."
    heading: String!
    "Paragraphs, in order."
    paragraphs: [String!]!
  }

  "The 'Why Choose Us?' list."
  type AboutWhyChooseUs {
    "Section heading."
    heading: String!
    "The points, in order (exactly five)."
    points: [TitledText!]!
  }

  "A short title with a sentence or two."
  type TitledText {
    "Title."
    title: String!
    "Text."
    text: String!
  }

  "The services overview page (data/services-page.yaml)."
  type ServicesPageYaml implements Node @dontInfer {
    "Page title shown in the browser tab."
    title: String!
    "Meta description for search engines."
    description: String!
    "The page's main heading."
    heading: String!
    "Paragraph under the heading."
    lead: String!
    "Text before a service's name in the link to its page."
    detailsLink: String!
  }

  "One service (data/services/<slug>.yaml): its page, menu entry, home card and overview group."
  type ServiceYaml implements Node @dontInfer {
    "URL segment: the page is /services/<slug>. Lowercase letters, digits and hyphens."
    slug: String!
    "Position in menus, cards and the overview (ascending)."
    order: Int!
    "Label in the navigation and on the home card."
    navLabel: String!
    "Heading of the service page and of its overview group."
    title: String!
    "Meta description for search engines."
    description: String!
    "One or two sentences for the home page card."
    summary: String!
    "Bullets of its group on /services."
    overview: [String!]!
    "Opening paragraph of the service page."
    lead: String!
    "What the service covers."
    covers: ServiceCovers!
    "Who the service is for."
    audience: ListSection!
    "What the client receives."
    deliverables: ListSection!
    "The page's path, /services/<slug>."
    path: String!
  }

  "What a service covers."
  type ServiceCovers {
    "Section heading."
    heading: String!
    "Subjects covered."
    items: [TitledText!]!
  }

  "A heading with a bulleted list."
  type ListSection {
    "Section heading."
    heading: String!
    "List items."
    items: [String!]!
  }

  "The contact page and its form (data/contact.yaml)."
  type ContactYaml implements Node @dontInfer {
    "Page title shown in the browser tab."
    title: String!
    "Meta description for search engines."
    description: String!
    "The page's main heading."
    heading: String!
    "Paragraph under the heading."
    lead: String!
    "Phone, address and hours."
    details: ContactDetails!
    "The contact form."
    form: ContactForm!
  }

  "Labels of the contact details."
  type ContactDetails {
    "Heading."
    heading: String!
    "Label of the phone number."
    phoneLabel: String!
    "Label of the address."
    addressLabel: String!
    "Text of the link that opens the address in a map."
    mapLink: String!
    "Office hours."
    hours: String!
  }

  "The contact form."
  type ContactForm {
    "Heading above the form."
    heading: String!
    "Where the form posts: the FORM_ENDPOINT environment variable when set, otherwise the YAML value."
    endpoint: String!
    "Note explaining the required-field marker."
    requiredNote: String!
    "Text of the submit button."
    submit: String!
    "Labels and placeholders of the four fields."
    fields: ContactFields!
    "Sentence under the submit button."
    privacyNote: String!
  }

  "The four fields of the contact form."
  type ContactFields {
    "The name field."
    name: FormField!
    "The email field."
    email: FormField!
    "The phone field."
    phone: FormField!
    "The message field."
    message: FormField!
  }

  "A form field's words."
  type FormField {
    "Visible label."
    label: String!
    "Placeholder text."
    placeholder: String!
  }

  "The not-found page (data/not-found.yaml)."
  type NotFoundYaml implements Node @dontInfer {
    "Page title shown in the browser tab."
    title: String!
    "Meta description."
    description: String!
    "The page's main heading."
    heading: String!
    "Explanation under the heading."
    text: String!
    "Text of the link to the home page."
    homeLink: String!
    "Text of the link to /services."
    servicesLink: String!
  }
`;
