// The Printers pane's calls (src/contract/printer-settings.ts, docs/decisions/printing.md). The
// board refreshes every few seconds so a printer's status and last job follow what it reports.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '../../../contract/printer-settings.js';
import type { RouteBody } from '../../../contract/route.js';
import { call } from '../../lib/api.js';

export const printerKeys = {
  board: (merchantId: string) => ['printerBoard', merchantId] as const,
  settings: (merchantId: string) => ['printSettings', merchantId] as const,
};
export const BOARD_REFRESH_MS = 3_000;

export function usePrinterBoard(merchantId: string) {
  return useQuery({
    queryKey: printerKeys.board(merchantId),
    queryFn: ({ signal }) => call(api.printerBoard, { params: { merchantId } }, signal),
    refetchInterval: BOARD_REFRESH_MS,
  });
}

export type PrinterWrite = RouteBody<typeof api.editPrinter>;

/** Add (no id) or edit (only the fields named) a printer. */
export function useSavePrinter(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PrinterWrite }) =>
      id
        ? call(api.editPrinter, { params: { merchantId, id }, body })
        : call(api.addPrinter, {
            params: { merchantId },
            body: { ...body, name: body.name ?? '' },
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: printerKeys.board(merchantId) }),
  });
}

export function useRemovePrinter(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.removePrinter, { params: { merchantId, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: printerKeys.board(merchantId) }),
  });
}

export function useNewCloudToken(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.newCloudToken, { params: { merchantId, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: printerKeys.board(merchantId) }),
  });
}

export function usePrintTestPage(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.printTestPage, { params: { merchantId, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: printerKeys.board(merchantId) }),
  });
}

export function usePrintSettings(merchantId: string) {
  return useQuery({
    queryKey: printerKeys.settings(merchantId),
    queryFn: ({ signal }) => call(api.readPrintSettings, { params: { merchantId } }, signal),
  });
}

export function useSavePrintSettings(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof api.savePrintSettings>) =>
      call(api.savePrintSettings, { params: { merchantId }, body }),
    onSuccess: (saved) => client.setQueryData(printerKeys.settings(merchantId), saved),
  });
}
