// Styles of the Mantine components only the console uses, loaded with its chunk so public pages
// stay as small as they are (app/mantine-styles.ts holds the rest). Combobox styles NativeSelect's chevron.
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Combobox.css';
