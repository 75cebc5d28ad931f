// Mantine styles of the components only this page uses (app/mantine-styles.ts has the shared ones).
import '@mantine/core/styles/Switch.css';
