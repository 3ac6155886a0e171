/**
 * A small generated documentation site for the eval's own tests (via-mcp, typed-search): six
 * pages, each a few sections, each section one fact with a distinctive option name.
 */
export const TOPICS = ['install', 'configure', 'deploy', 'monitor', 'backup', 'upgrade'];
export const ITEMS = [
  ['gravel', 'copper'],
  ['lantern', 'harbor'],
  ['meadow', 'quartz'],
];
export const origin = 'https://docs.example';

/** The site's pages as datasource documents, each with its page URL. */
export function sitePages() {
  return TOPICS.map((topic, page) => ({
    name: `${topic}.md`,
    text: [
      `# ${topic[0]?.toUpperCase()}${topic.slice(1)} the widget server`,
      `This page explains how to ${topic} the widget server.`,
      ...ITEMS.map(
        ([first, second], section) =>
          `## ${topic} ${first} ${second}\n\nTo ${topic} the ${first} module, set the ${second}-${page}-${section} option to ${page * 10 + section} before you start.`,
      ),
    ].join('\n\n'),
    metadata: { source_url: `${origin}/guide/${topic}` },
  }));
}
