// Mantine styles of the components only the earnings pages use (app/mantine-styles.ts has the shared
// ones), in the order of Mantine's own stylesheet, then the charts package's own.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/charts/styles.css';
