import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages.ts';

const m = messages.inventory;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

/**
 * Reads a barcode or QR code with the phone's camera: the browser's BarcodeDetector where there is one,
 * ZXing (loaded only then) elsewhere. The first code read closes the dialog.
 */
export function ScanDialog({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stopped = false;
    let stop = () => {};
    const done = (code: string) => {
      if (stopped) return;
      stopped = true;
      stop();
      onCode(code.trim());
    };
    async function start() {
      const element = video.current;
      if (!element || !navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
      if (Detector) {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        stop = () => stream.getTracks().forEach((t) => t.stop());
        element.srcObject = stream;
        await element.play();
        const detector = new Detector();
        const tick = async () => {
          if (stopped) return;
          const [found] = await detector.detect(element).catch(() => []);
          if (found?.rawValue) done(found.rawValue);
          else requestAnimationFrame(() => void tick());
        };
        void tick();
        return;
      }
      const { BrowserMultiFormatReader } = await import('@zxing/browser');
      const controls = await new BrowserMultiFormatReader().decodeFromVideoDevice(undefined, element, (result) => {
        if (result) done(result.getText());
      });
      stop = () => controls.stop();
      if (stopped) stop();
    }
    start().catch(() => setFailed(true));
    return () => {
      stopped = true;
      stop();
    };
  }, [onCode]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{m.scanTitle}</DialogTitle>
      <DialogContent>
        {failed ? (
          <Alert severity="warning">{m.scanUnavailable}</Alert>
        ) : (
          <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.actions.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
