// Mantine styles per component rather than the whole 290 kB '@mantine/core/styles.css' (41 kB gzipped
// against these 22): global styles first, then components (a component after the ones it is built on),
// then packages. tools/mantine-styles.test.ts derives this list from the components the app imports and
// fails on a missing, unused or misordered sheet (docs/decisions/0094-mantine-css-per-component.md).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';

import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ActionIcon.css';
// The cart's count in a phone's header (app/cart-count.tsx).
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
// Forms and panels of the profile, organization, roster and affiliation screens.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/List.css';
// Collapsible lists (ticket allocation), panels, tabs and the package wizard's steps.
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Stepper.css';
// The legend and tooltip swatches of the reports' charts.
import '@mantine/core/styles/ColorSwatch.css';
// The bars of an evaluation's results.
import '@mantine/core/styles/Progress.css';

import '@mantine/notifications/styles.css';
// Charts of the staff console's reports; its JavaScript loads with the report pages only.
import '@mantine/charts/styles.css';
