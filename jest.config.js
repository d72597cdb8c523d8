// Jest as Gatsby's unit-testing guide sets it up: babel-preset-gatsby, jsdom, CSS modules and files mocked.
module.exports = {
  testEnvironment: "jsdom",
  // Every core (jest's default leaves one to itself): on two cores, 19 s become 13.
  maxWorkers: "100%",
  transform: {
    "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js",
  },
  moduleNameMapper: {
    ".+\\.(css|styl|less|sass|scss)$": "<rootDir>/__mocks__/style-mock.js",
    ".+\\.(jpg|jpeg|png|gif|eot|otf|webp|svg|ttf|woff|woff2|mp4|webm|wav|mp3|m4a|aac|oga)$":
      "<rootDir>/__mocks__/file-mock.js",
    "^gatsby-core-utils/(.*)$": "gatsby-core-utils/dist/$1",
    "^gatsby-plugin-utils/(.*)$": ["gatsby-plugin-utils/dist/$1", "gatsby-plugin-utils/$1"],
  },
  testPathIgnorePatterns: [
    "node_modules",
    "\\.cache",
    "<rootDir>.*/public",
    "<rootDir>/e2e",
    "<rootDir>/.e2e-builds",
    "/__tests__/(helpers|fixtures)/",
  ],
  // jose ships ES modules only: the content API's tests load it through Babel.
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link|jose)/)"],
  globals: {
    __PATH_PREFIX__: "",
  },
  testEnvironmentOptions: {
    url: "http://localhost",
  },
  globalSetup: "<rootDir>/__tests__/helpers/global-setup.ts",
  setupFiles: ["<rootDir>/loadershim.js"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
};
