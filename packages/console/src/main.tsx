import { render } from 'preact';
import { App } from './components/app.js';
import { createConsoleModel, PAGES, type PageName } from './models/console-model.js';

const model = createConsoleModel();
const root = document.getElementById('app');
function route(): void {
  const name = location.hash.slice(1);
  if ((PAGES as readonly string[]).includes(name)) model.page.value = name as PageName;
}
window.addEventListener('hashchange', route);
route();
if (root) {
  render(<App model={model} />, root);
  void model.session.check();
}
