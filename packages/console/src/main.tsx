import { render } from 'preact';
import { App } from './components/app.js';
import { createConsoleModel } from './models/console-model.js';

const model = createConsoleModel();
const root = document.getElementById('app');
if (root) {
  render(<App model={model} />, root);
  void model.session.check();
}
