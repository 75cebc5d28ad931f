// Mantine styles of the components only the purchase flows use (app/mantine-styles.ts has the shared ones),
// in the order of Mantine's own stylesheet.
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
