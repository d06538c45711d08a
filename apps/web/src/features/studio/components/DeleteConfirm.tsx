import type { Generation } from "@studio/contracts";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../modals/Modal.tsx";
import { Button } from "../../../ui/Button.tsx";
import { useDeleteGeneration } from "../hooks/use-studio-queries.ts";
import { refusalOf } from "../model/api-errors.ts";

export function DeleteConfirm({
  generation,
  onClose,
  onDeleted,
}: {
  generation: Generation;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation("product-app");
  const remove = useDeleteGeneration();
  const failed = remove.isError ? refusalOf(remove.error, t) : null;
  return (
    <Modal
      onClose={onClose}
      title={t("history.confirmTitle")}
      description={t("history.confirmText")}
      size="sm"
      testId="delete-confirm"
    >
      {failed && (
        <p role="alert" className="mb-4 text-sm text-rose-700">
          {t("history.deleteFailed", { error: "text" in failed ? failed.text : "" })}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" className="min-h-11" onClick={onClose}>
          {t("history.cancel")}
        </Button>
        <Button
          variant="danger"
          className="min-h-11"
          disabled={remove.isPending}
          data-testid="confirm-delete"
          onClick={() =>
            remove.mutate(generation.id, {
              onSuccess: () => {
                onDeleted();
                onClose();
              },
            })
          }
        >
          {t("history.confirm")}
        </Button>
      </div>
    </Modal>
  );
}
