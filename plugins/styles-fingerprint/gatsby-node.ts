// A build after an edit to CSS alone re-renders every page, as a cold build would (styles-fingerprint.ts).
import path from "path";
import type { GatsbyNode } from "gatsby";
import { STYLES_FINGERPRINT, stylesFingerprint } from "./styles-fingerprint";

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins }) => {
  if (stage !== "build-html") return;
  const fingerprint = stylesFingerprint(path.join(process.cwd(), "public"));
  actions.setWebpackConfig({ plugins: [plugins.define({ [STYLES_FINGERPRINT]: JSON.stringify(fingerprint) })] });
};
