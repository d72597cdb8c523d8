// Gatsby's loader is not available outside a Gatsby build; tests get a stand-in.
global.___loader = {
  enqueue: jest.fn(),
};
