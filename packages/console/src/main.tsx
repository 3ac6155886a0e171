import { render } from 'preact';
import { App } from './components/app.js';
import { createConsoleModel, PAGES, type PageName } from './models/console-model.js';

const model = createConsoleModel();
const root = document.getElementById('app');
function route(): void {
  const [name = '', ...item] = location.hash.slice(1).split('/');
  if (!(PAGES as readonly string[]).includes(name)) return;
  model.page.value = name as PageName;
  try {
    model.item.value = decodeURIComponent(item.join('/'));
  } catch {
    model.item.value = '';
  }
}
window.addEventListener('hashchange', route);
route();
if (root) {
  render(<App model={model} />, root);
  void model.session.check();
}
