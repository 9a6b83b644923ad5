import { describe, expect, test } from 'vitest';
import { listenHost, listeningLine, listenProblem } from '../../../server/site.ts';

const interfaces = {
  lo: [{ address: '127.0.0.1', family: 'IPv4' as const, internal: true, netmask: '', mac: '', cidr: null }],
  eth0: [
    { address: '192.168.1.20', family: 'IPv4' as const, internal: false, netmask: '', mac: '', cidr: null },
    { address: 'fe80::1', family: 'IPv6' as const, internal: false, netmask: '', mac: '', cidr: null, scopeid: 2 },
  ],
};

describe('listenHost', () => {
  test('HOST when set; else loopback in the embedded default and every interface in production', () => {
    expect(listenHost('embedded', {})).toBe('127.0.0.1');
    expect(listenHost('production', {})).toBe('0.0.0.0');
    expect(listenHost('embedded', { HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(listenHost('production', { HOST: '127.0.0.1' })).toBe('127.0.0.1');
  });
});

describe('listeningLine', () => {
  test('the embedded default says it is reachable from this computer only', () => {
    expect(listeningLine('embedded', '127.0.0.1', 4321, false, interfaces)).toBe(
      'Listening on 127.0.0.1 only: other devices cannot reach this server (HOST=0.0.0.0 opens it to the network).',
    );
  });

  test('production without HOST names every interface it listens on', () => {
    expect(listeningLine('production', '0.0.0.0', 4321, false, interfaces)).toBe(
      'Listening on every interface (0.0.0.0, HOST is unset) at port 4321: 127.0.0.1, 192.168.1.20. ' +
        'Behind a reverse proxy on this machine, set HOST=127.0.0.1.',
    );
  });

  test('the embedded default opened to the network warns', () => {
    expect(listeningLine('embedded', '0.0.0.0', 4321, true, interfaces)).toMatch(
      /^Listening on every interface \(0\.0\.0\.0, HOST\) at port 4321: 127\.0\.0\.1, 192\.168\.1\.20\. Warning: anyone/,
    );
    expect(listeningLine('embedded', '192.168.1.20', 4321, true, interfaces)).toMatch(
      /\(HOST\) at port 4321\. Warning/,
    );
    expect(listeningLine('production', '127.0.0.1', 4321, true, interfaces)).toBe(
      'Listening on 127.0.0.1 (HOST) at port 4321.',
    );
  });
});

describe('listenProblem', () => {
  const error = (code: string) => Object.assign(new Error(code), { code });

  test('one line naming the port and PORT, or HOST', () => {
    expect(listenProblem(error('EADDRINUSE'), 4321, '127.0.0.1')).toBe(
      'Cannot start: port 4321 is already in use (another `npm start`?). Stop that server, or set PORT to a free port, e.g. PORT=4322.',
    );
    expect(listenProblem(error('EACCES'), 80, '0.0.0.0')).toMatch(
      /^Cannot start: port 80 needs administrator rights\. Set PORT/,
    );
    expect(listenProblem(error('EADDRNOTAVAIL'), 4321, '10.9.9.9')).toBe(
      'Cannot start: HOST=10.9.9.9 is not an address of this machine. Set HOST to one of its addresses, or unset it.',
    );
    expect(listenProblem(error('EMFILE'), 4321, '127.0.0.1')).toBeNull();
  });
});
