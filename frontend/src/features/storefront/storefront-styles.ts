// Mantine styles of the components only the storefront pages use (app/mantine-styles.ts has the
// shared ones), in the order of Mantine's own stylesheet.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Tabs.css';
