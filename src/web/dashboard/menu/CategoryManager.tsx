// The menu's categories in one dialog (issue 28): add one (at the end of the menu), rename one
// (its name and second-language name; a field left as it was is not sent), delete an empty one,
// and put them in order by dragging or with the keyboard (ReorderList). The storefront shows the
// change at its next read. A refusal (a category still holding items, a list changed by someone
// else) stays written in the dialog until the next action, not only in the 1.5 s alert.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { categoryAddBody } from '../../../contract/menu-structure.js';
import { MESSAGES } from '../../../domain/messages.js';
import { isApiError } from '../../lib/api.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { apiIssuesByField, issuesByField, TextInput } from '../components/fields.js';
import { useFlash } from '../components/Flash.js';
import { type MenuCategory, type MenuItem, structureWrites } from './queries.js';
import { ReorderList } from './ReorderList.js';

interface NameForm {
  name: string;
  name_2nd: string;
}

export function CategoryManager({
  merchantId,
  categories,
  items,
  onClose,
}: {
  merchantId: string;
  categories: MenuCategory[];
  items: MenuItem[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const flash = useFlash();
  const writes = useMemo(() => structureWrites(merchantId, client), [merchantId, client]);
  const [adding, setAdding] = useState<NameForm>({ name: '', name_2nd: '' });
  const [renaming, setRenaming] = useState<(NameForm & { id: string; was: NameForm }) | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const counts = useMemo(() => {
    const n = new Map<string, number>();
    for (const i of items) n.set(i._idCategory, (n.get(i._idCategory) ?? 0) + 1);
    return n;
  }, [items]);

  /** Runs a write; a refusal naming fields shows on them, any other stays written here. */
  const run = async (write: () => Promise<unknown>, done?: () => void) => {
    setBusy(true);
    setFailure(null);
    try {
      await write();
      setErrors({});
      flash('success', MESSAGES.UPDATED);
      done?.();
    } catch (error) {
      if (isApiError(error, 'invalid_input') && error.issues.length) {
        setErrors(apiIssuesByField(error.issues));
      } else {
        const text = isApiError(error) && error.fromServer ? error.message : MESSAGES.CHECK_NETWORK;
        setFailure(text);
        flash('error', text);
      }
      throw error;
    } finally {
      setBusy(false);
    }
  };

  const add = () => {
    const check = categoryAddBody.safeParse(adding);
    if (!check.success) return setErrors(issuesByField(check.error));
    void run(
      () => writes.addCategory(adding),
      () => setAdding({ name: '', name_2nd: '' }),
    ).catch(() => undefined);
  };

  const rename = () => {
    if (!renaming) return;
    const body: Partial<NameForm> = {};
    if (renaming.name !== renaming.was.name) body.name = renaming.name;
    if (renaming.name_2nd !== renaming.was.name_2nd) body.name_2nd = renaming.name_2nd;
    if (Object.keys(body).length === 0) return setRenaming(null);
    if (body.name !== undefined && body.name.trim() === '') {
      return setErrors({ rename: MESSAGES.REQUIRED });
    }
    void run(
      () => writes.editCategory(renaming.id, body),
      () => setRenaming(null),
    ).catch(() => undefined);
  };

  const entries = categories.map((c) => {
    const n = counts.get(c._id) ?? 0;
    return {
      id: c._id,
      label: c.name,
      detail: [c.name_2nd, `${n} ${n === 1 ? 'item' : 'items'}`].filter(Boolean).join(' · '),
    };
  });

  return (
    <DashboardDialog title="Categories" onClose={onClose} className="category-manager">
      <form
        className="menu-form category-manager__add"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <div className="menu-form__row">
          <TextInput
            id="category-name"
            label="New category"
            value={adding.name}
            onChange={(name) => setAdding({ ...adding, name })}
            error={errors.name}
            required
          />
          <TextInput
            id="category-name2"
            label="Second-language name"
            value={adding.name_2nd}
            onChange={(name_2nd) => setAdding({ ...adding, name_2nd })}
            error={errors.name_2nd}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          Add category
        </button>
      </form>

      {renaming ? (
        <form
          className="menu-form category-manager__rename"
          noValidate
          aria-label={`Rename ${renaming.was.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            rename();
          }}
        >
          <div className="menu-form__row">
            <TextInput
              id="category-rename"
              label={`Rename ${renaming.was.name}`}
              value={renaming.name}
              onChange={(name) => setRenaming({ ...renaming, name })}
              error={errors.rename ?? errors.name}
              required
              autoFocus
            />
            <TextInput
              id="category-rename2"
              label="Second-language name"
              value={renaming.name_2nd}
              onChange={(name_2nd) => setRenaming({ ...renaming, name_2nd })}
            />
          </div>
          <div className="dash-dialog__actions">
            <button type="button" className="button" onClick={() => setRenaming(null)}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              Save name
            </button>
          </div>
        </form>
      ) : null}

      {failure ? (
        <p className="form-error category-manager__failure" role="alert">
          {failure}
        </p>
      ) : null}

      <p className="muted category-manager__help">
        Drag a category by its handle to move it, or Tab to the handle, press Enter, move with the
        arrow keys and press Enter to drop. The storefront shows categories in this order.
      </p>
      <ReorderList
        label="Categories in menu order"
        entries={entries}
        disabled={busy}
        onReorder={(ids) => run(() => writes.orderCategories(ids))}
        actions={(entry) => {
          const c = categories.find((x) => x._id === entry.id)!;
          return (
            <>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Rename ${c.name}`}
                onClick={() => {
                  setErrors({});
                  const was = { name: c.name, name_2nd: c.name_2nd };
                  setRenaming({ id: c._id, ...was, was });
                }}
              >
                Rename
              </button>
              <button
                type="button"
                className="button button--ghost menu-table__delete"
                aria-label={`Delete ${c.name}`}
                disabled={busy}
                onClick={() => void run(() => writes.deleteCategory(c._id)).catch(() => undefined)}
              >
                Delete
              </button>
            </>
          );
        }}
      />
      <div className="dash-dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      </div>
    </DashboardDialog>
  );
}
