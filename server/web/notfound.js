import { showError, h, renderNav } from './common.js';

renderNav();
showError('Page not found', [
  'There is no page at ',
  h('code', {}, location.pathname),
  '. Try the ',
  h('a', { href: '/matches' }, 'match archive'),
  ' or the ',
  h('a', { href: '/leagues' }, 'leagues'),
  '.',
]);
