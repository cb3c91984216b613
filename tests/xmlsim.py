"""A small symbolic MSCCL executor written for the tests only (independent of the package's
exporter and of its checker): runs every thread block's steps in order with unbounded FIFO
connections per (channel, sender, receiver), tracks which rank's input chunks each buffer
slot holds (a Counter, so a double-counted contribution shows), and asserts the final
layout of docs/msccl.md section 3. Returns the chunks sent over each (sender, receiver)
pair per loop. Collectives: allgather, reduce-scatter (either spelling), allreduce and
alltoall; step types s, r, rrc, cpy and re (an exporter that needs others is not tested
against it)."""

import xml.etree.ElementTree as ET
from collections import Counter, deque
def simulate(text, inplace_mode=False):
    sent = Counter()
    root = ET.fromstring(text)
    K = int(root.get('nchunksperloop')); n = int(root.get('ngpus')); coll = root.get('coll')
    gpus = {}
    for g in root.findall('gpu'):
        r = int(g.get('id'))
        tbs = {}
        for tb in g.findall('tb'):
            tbs[int(tb.get('id'))] = (int(tb.get('send')), int(tb.get('recv')), int(tb.get('chan')), [dict(s.attrib) for s in tb.findall('step')])
        gpus[r] = (int(g.get('i_chunks')), int(g.get('o_chunks')), int(g.get('s_chunks')), tbs)
    k = K // n
    buf = {}
    for r in range(n):
        ic, oc, sc, _ = gpus[r]
        if coll == 'allgather':
            if inplace_mode:
                for j in range(k): buf[(r,'o',r*k+j)] = Counter({(r,j):1})
            else:
                for j in range(ic): buf[(r,'i',j)] = Counter({(r,j):1})
        else:
            for j in range(ic): buf[(r,'i',j)] = Counter({(r,j):1})
    def key(r, b, off):
        if inplace_mode:
            if coll == 'allgather' and b == 'i': return (r, 'o', r*k+off)
            if coll in ('reducescatter', 'reduce_scatter') and b == 'o': return (r, 'i', r*k+off)
            if coll == 'allreduce' and b == 'o': return (r, 'i', off)
        return (r, b, off)
    def read(r, b, off):
        kk = key(r, b, off)
        if kk not in buf: raise Exception(f'read unset {kk}')
        return buf[kk]
    pc = {(r, t): 0 for r in gpus for t in gpus[r][3]}
    fifo = {}
    progress = True
    while progress:
        progress = False
        for (r, t), i in list(pc.items()):
            send, recv, chan, steps = gpus[r][3][t]
            if i >= len(steps): continue
            st = steps[i]
            d, ds = int(st['depid']), int(st['deps'])
            if d >= 0:
                if pc[(r, d)] <= ds: continue
                assert gpus[r][3][d][3][ds]['hasdep'] == '1'
            typ = st['type']; cnt = int(st['cnt'])
            so, do = int(st['srcoff']), int(st['dstoff'])
            if typ in ('r', 'rrc', 'rcs', 'rrs', 'rrcs'):
                q = fifo.get((chan, recv, r))
                if not q: continue
                data = q.popleft()
                assert len(data) == cnt
                for j in range(cnt):
                    v = data[j]
                    if typ == 'rrc': v = v + read(r, st['srcbuf'], so + j)
                    buf[key(r, st['dstbuf'], do + j)] = v
            elif typ == 's':
                sent[(r, send)] += cnt
                fifo.setdefault((chan, r, send), deque()).append([Counter(read(r, st['srcbuf'], so + j)) for j in range(cnt)])
            elif typ == 'cpy':
                for j in range(cnt): buf[key(r, st['dstbuf'], do + j)] = Counter(read(r, st['srcbuf'], so + j))
            elif typ == 're':
                for j in range(cnt):
                    buf[key(r, st['dstbuf'], do + j)] = read(r, st['dstbuf'], do + j) + read(r, st['srcbuf'], so + j)
            else: raise Exception(typ)
            pc[(r, t)] = i + 1; progress = True
    stuck = [(r, t) for (r, t), i in pc.items() if i < len(gpus[r][3][t][3])]
    assert not stuck, f'deadlock {stuck[:5]}'
    assert all(not q for q in fifo.values())
    for r in range(n):
        if coll == 'allgather':
            for x in range(K):
                assert read(r, 'o', x) == Counter({(x // k, x % k): 1}), (r, x, read(r,'o',x))
        elif coll in ('reducescatter', 'reduce_scatter'):
            for j in range(k):
                assert read(r, 'o', j) == Counter({(q, r*k + j): 1 for q in range(n)}), (r, j)
        elif coll == 'alltoall':
            for x in range(K):
                assert read(r, 'o', x) == Counter({(x // k, r*k + x % k): 1}), (r, x, read(r,'o',x))
        else:
            for x in range(K):
                assert read(r, 'o', x) == Counter({(q, x): 1 for q in range(n)}), (r, x, read(r,'o',x))
    return sent
