// Mantine styles of the components only the posts pages use (app/mantine-styles.ts has the shared ones),
// in the order of Mantine's own stylesheet.
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
