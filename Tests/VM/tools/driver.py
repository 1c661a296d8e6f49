#!/usr/bin/env python3
"""driver.py - host side of a slidelock VM run: starts QEMU, serves its sockets, answers the
guest, takes screenshots, enforces the wall-clock limit and returns the guest's exit status.

  driver.py --out DIR --timeout SECS [--display-device ID] [--dump-every SECS] -- qemu-system-x86_64 ARGS...

QEMU connects as a client to two unix sockets we listen on before starting it (so nothing
the guest writes before we attach can be lost):
  DIR/ctl.sock  the guest's ttyS1, line requests from /e2e/lib.sh:
                @@VM screenshot NAME HEAD -> QMP screendump -> DIR/NAME.png   reply OK/ERR
                @@VM convert NAME.ppm     -> DIR/NAME.ppm (written via 9p) -> DIR/NAME.png
                @@VM file NAME[.gz] + base64 lines + @@VM endfile -> DIR/NAME (.ppm -> .png)
                @@VM log TEXT | @@VM start | @@VM exit RC                    (no reply)
                @@VM clock UPTIME  the guest's /proc/uptime, logged with our time (no reply)
                @@VM dumps stop    ends --dump-every's screendumps            reply OK N dumps
  --dump-every SECS: a screendump of head 0 every SECS from QEMU's start on, until the guest
                asks to stop (or the run ends): DIR/dumps.log has one line per dump ("TIME
                INDEX DIGEST FILE", TIME in driver.log's seconds); each picture is kept once,
                as DIR/dump-INDEX.png of the first dump that showed it (FILE on every line).
  DIR/qmp.sock  QMP monitor
Exit status: the guest command's status; 124 when the wall-clock limit hit; 125 when the VM
ended without reporting one (boot failure, kernel panic: see DIR/console.log).
"""
import argparse
import base64
import gzip
import hashlib
import json
import os
import select
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmimage  # noqa: E402

args = argparse.ArgumentParser()
args.add_argument('--out', required=True)
args.add_argument('--timeout', type=float, default=120)
args.add_argument('--display-device', help='QOM id of the GPU, needed to screendump heads > 0')
args.add_argument('--dump-every', type=float, default=0, help='periodic screendumps of head 0, seconds apart')
args.add_argument('qemu', nargs=argparse.REMAINDER)
opt = args.parse_args()
qemu_argv = opt.qemu[1:] if opt.qemu[:1] == ['--'] else opt.qemu
T0 = time.time()
driver_log = open(os.path.join(opt.out, 'driver.log'), 'w')
# The wall clock at T0, so that tools can line up QEMU's own (wall-clock) trace with this log.
print('wall clock at 0: %.6f' % T0, file=driver_log, flush=True)


def log(*words):
    print('[%7.3f]' % (time.time() - T0), *words, file=driver_log, flush=True)


def listen(name):
    path = os.path.join(opt.out, name)
    if os.path.exists(path):
        os.unlink(path)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(path)
    s.listen(1)
    s.settimeout(20)
    return s


class QMP:
    """Just enough of the QMP protocol: one command at a time, events logged."""

    def __init__(self, sock):
        self.sock, self.buf = sock, b''
        sock.settimeout(30)                              # a wedged QEMU must not hang us
        self.read()                                      # greeting
        self.command('qmp_capabilities')

    def read(self):
        while b'\n' not in self.buf:
            data = self.sock.recv(65536)
            if not data:
                raise EOFError('QMP closed')
            self.buf += data
        line, self.buf = self.buf.split(b'\n', 1)
        return json.loads(line)

    def command(self, name, **arguments):
        msg = {'execute': name, 'arguments': arguments} if arguments else {'execute': name}
        self.sock.sendall(json.dumps(msg).encode() + b'\n')
        while True:
            reply = self.read()
            if 'return' in reply or 'error' in reply:
                return reply
            log('QMP event', reply.get('event'))


def screenshot(qmp, name, head):
    ppm, png = os.path.join(opt.out, name + '.ppm'), os.path.join(opt.out, name + '.png')
    params = {'filename': ppm}
    if int(head) != 0 and opt.display_device:
        params.update(device=opt.display_device, head=int(head))
    reply = qmp.command('screendump', **params)
    if 'error' in reply:
        log('screendump failed:', reply['error'])
        return 'ERR ' + reply['error'].get('desc', '?')
    w, h = vmimage.ppm_to_png(ppm, png)
    os.unlink(ppm)
    log('screenshot %s head %s %dx%d' % (png, head, w, h))
    return 'OK %s.png' % name


class Dumps:
    """--dump-every: periodic screendumps, a PNG for each picture not seen before."""

    def __init__(self, every):
        self.every, self.next, self.count, self.files = every, time.time(), 0, {}
        self.log = open(os.path.join(opt.out, 'dumps.log'), 'w') if every > 0 else None

    def active(self):
        return self.log is not None

    def wait(self, limit):                               # seconds select() may sleep
        return max(0.0, min(limit, self.next - time.time())) if self.active() else limit

    def take_if_due(self, qmp):
        if not self.active() or time.time() < self.next:
            return
        self.next += self.every
        if self.next < time.time():                      # fell behind: no burst to catch up
            self.next = time.time() + self.every
        t = time.time() - T0
        ppm = os.path.join(opt.out, 'dump.ppm')
        reply = qmp.command('screendump', filename=ppm)
        if 'error' in reply:
            print('%.3f %d - error %s' % (t, self.count, reply['error'].get('desc', '?')), file=self.log, flush=True)
            self.count += 1
            return
        body = open(ppm, 'rb').read()
        digest = hashlib.sha1(body).hexdigest()[:16]
        name = self.files.get(digest)
        if name is None:
            name = self.files[digest] = 'dump-%04d.png' % self.count
            vmimage.ppm_to_png(ppm, os.path.join(opt.out, name))
        os.unlink(ppm)
        print('%.3f %d %s %s' % (t, self.count, digest, name), file=self.log, flush=True)
        self.count += 1

    def stop(self):
        if self.active():
            self.log.close()
            self.log = None
            log('periodic screendumps stopped after %d' % self.count)
        return 'OK %d dumps' % self.count


def convert(name):
    ppm = os.path.join(opt.out, os.path.basename(name))
    try:
        w, h = vmimage.ppm_to_png(ppm, ppm[:-4] + '.png')
        os.unlink(ppm)
    except (OSError, ValueError) as e:
        return 'ERR %s' % e
    return 'OK %dx%d' % (w, h)


def main():
    ctl_listener, qmp_listener = listen('ctl.sock'), listen('qmp.sock')
    console = open(os.path.join(opt.out, 'console.log'), 'wb')
    log('qemu:', ' '.join(qemu_argv))
    proc = subprocess.Popen(qemu_argv, stdin=subprocess.DEVNULL, stdout=console, stderr=subprocess.STDOUT)
    status, timed_out = None, False
    try:
        ctl, _ = ctl_listener.accept()
        qmp = QMP(qmp_listener.accept()[0])
        ctl_log = open(os.path.join(opt.out, 'ctl.log'), 'wb')
        deadline, buf, transfer = T0 + opt.timeout, b'', None
        dumps = Dumps(opt.dump_every)
        while proc.poll() is None:
            if time.time() > deadline:
                log('TIMEOUT after %.0f s' % opt.timeout)
                timed_out = True
                break
            dumps.take_if_due(qmp)
            ready, _, _ = select.select([ctl], [], [], dumps.wait(0.2))
            if not ready:
                continue
            data = ctl.recv(65536)
            if not data:
                break
            ctl_log.write(data)
            ctl_log.flush()
            buf += data
            while b'\n' in buf:
                raw, buf = buf.split(b'\n', 1)
                line = raw.decode(errors='replace').rstrip('\r')
                reply = None
                if transfer is not None:                          # base64 file body
                    if line != '@@VM endfile':
                        transfer[1].append(line.strip())
                        continue
                    name, body = transfer[0], base64.b64decode(''.join(transfer[1]))
                    transfer = None
                    if name.endswith('.gz'):
                        name, body = name[:-3], gzip.decompress(body)
                    open(os.path.join(opt.out, name), 'wb').write(body)
                    reply = convert(name) if name.endswith('.ppm') else 'OK'
                elif line.startswith('@@VM '):
                    words = line.split()[1:] or ['?']
                    verb = words[0]
                    if verb == 'screenshot' and len(words) >= 2:
                        reply = screenshot(qmp, os.path.basename(words[1]), words[2] if len(words) > 2 else 0)
                    elif verb == 'convert' and len(words) == 2:
                        reply = convert(words[1])
                    elif verb == 'file' and len(words) == 2:
                        transfer = (os.path.basename(words[1]), [])
                    elif verb == 'exit':
                        status = int(words[1])
                        log('guest exit status', status)
                        # The guest powers off once it has this (or after five tries).
                        reply = 'OK exit %d' % status
                    elif verb == 'dumps' and words[1:] == ['stop']:
                        reply = dumps.stop()
                    elif verb == 'clock' and len(words) == 2:
                        log('guest clock', words[1])
                    elif verb in ('log', 'start'):
                        log('guest:', ' '.join(words))
                    else:
                        reply = 'ERR unknown request'
                if reply is not None:
                    ctl.sendall(reply.encode() + b'\n')
        # QEMU can exit (poweroff -f) before the loop above read the guest's last line:
        # what the guest wrote is still in the socket, so drain it for the exit status.
        if status is None and not timed_out:
            while select.select([ctl], [], [], 0.5)[0]:
                data = ctl.recv(65536)
                if not data:
                    break
                ctl_log.write(data)
                buf += data
            for raw in buf.split(b'\n'):
                words = raw.decode(errors='replace').strip().split()
                if words[:2] == ['@@VM', 'exit'] and len(words) == 3:
                    status = int(words[2])
                    log('guest exit status', status, '(read after QEMU exited)')
    except (OSError, EOFError, ValueError) as e:   # socket.timeout is an OSError
        log('lost QEMU:', e)
    finally:
        if proc.poll() is None:
            try:
                proc.wait(timeout=0 if timed_out else 10)
            except subprocess.TimeoutExpired:
                pass
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        console.close()
    log('QEMU exited with %s after %.2f s' % (proc.returncode, time.time() - T0))
    if timed_out:
        return 124
    if status is None:
        log('no exit status from the guest; see console.log')
        return 125
    return status


if __name__ == '__main__':
    sys.exit(main())
