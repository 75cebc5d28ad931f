import { useForm, type FormValidateInput } from '@mantine/form';
import { notify } from '../../../lib/notify';
import { fieldProblems, serviceMessage } from '@/shared/api-problems';
import type { SettingsSectionKey, Store, StorePatch } from '../services/store.service';
import { useUpdateStore } from './use-store-queries';

export interface SettingsSectionConfig<Section extends SettingsSectionKey, Values extends Record<string, unknown>> {
  section: Section;
  /** The section's heading, for its toasts. */
  title: string;
  store: Store;
  values: (store: Store) => Values;
  patch: (values: Values) => NonNullable<StorePatch[Section]>;
  /** API field -> form field, where they differ (money: the API's minor units, the form's major units). */
  fields?: Record<string, keyof Values & string>;
  validate?: FormValidateInput<Values>;
}

/**
 * One settings section: its own form, saved on its own with PATCH /api/stores/mine. The server's
 * field problems for this section show under their inputs; anything else is a toast.
 */
export function useSettingsSection<Section extends SettingsSectionKey, Values extends Record<string, unknown>>(
  config: SettingsSectionConfig<Section, Values>,
) {
  const { section, title, values, patch, fields = {}, validate } = config;
  const update = useUpdateStore();
  const form = useForm<Values>({ initialValues: values(config.store), validate });

  const onSubmit = form.onSubmit(async (input) => {
    try {
      const saved = values(await update.mutateAsync({ [section]: patch(input) } as StorePatch));
      form.setValues(saved);
      form.resetDirty(saved);
      notify.success(`${title} saved`);
    } catch (error) {
      const unplaced: string[] = [];
      for (const problem of fieldProblems(error)) {
        const [owner, field = ''] = problem.field.split('.');
        const target = fields[field] ?? field;
        if (owner === section && target in input) form.setFieldError(target, problem.message);
        else unplaced.push(problem.message);
      }
      if (unplaced.length > 0) notify.error(unplaced.join(' '));
      else if (fieldProblems(error).length === 0)
        notify.error(serviceMessage(error, `${title} could not be saved. Please try again.`));
    }
  });

  return { form, onSubmit, saving: update.isPending };
}
