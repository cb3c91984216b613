* forestcoll-opt alltoall LP (max concurrent flow, one commodity per source, folded by symmetry) of topology 'paper-example'
* bandwidths and the objective are in units of R = 16 b; objective = rate * 56/7 = algbw
* node index -> id:
*   0 global
*   1 box0/switch
*   2 box0/c0
*   3 box0/c1
*   4 box0/c2
*   5 box0/c3
*   6 box1/switch
*   7 box1/c0
*   8 box1/c1
*   9 box1/c2
*   10 box1/c3
OBJSENSE
 MAX
NAME          alltoall
ROWS
 N  OBJ
 E  keep_2_0
 E  keep_2_1
 E  keep_2_3
 E  keep_2_6
 E  keep_2_7
 L  cap_0_2
 L  cap_1_2
 L  cap_2_0
 L  cap_2_1
COLUMNS
    f_2_0_3   keep_2_0  -3.000000000000e+00
    f_2_0_3   keep_2_3   1.000000000000e+00
    f_2_0_3   cap_0_2    3.000000000000e+00
    f_2_0_7   keep_2_0  -4.000000000000e+00
    f_2_0_7   keep_2_7   1.000000000000e+00
    f_2_0_7   cap_0_2    4.000000000000e+00
    f_2_1_3   keep_2_1  -3.000000000000e+00
    f_2_1_3   keep_2_3   1.000000000000e+00
    f_2_1_3   cap_1_2    3.000000000000e+00
    f_2_2_0   keep_2_0   1.000000000000e+00
    f_2_2_0   cap_2_0    1.000000000000e+00
    f_2_2_1   keep_2_1   1.000000000000e+00
    f_2_2_1   cap_2_1    1.000000000000e+00
    f_2_3_0   keep_2_0   3.000000000000e+00
    f_2_3_0   keep_2_3  -1.000000000000e+00
    f_2_3_0   cap_2_0    3.000000000000e+00
    f_2_3_1   keep_2_1   3.000000000000e+00
    f_2_3_1   keep_2_3  -1.000000000000e+00
    f_2_3_1   cap_2_1    3.000000000000e+00
    f_2_6_7   keep_2_6  -4.000000000000e+00
    f_2_6_7   keep_2_7   1.000000000000e+00
    f_2_6_7   cap_1_2    4.000000000000e+00
    f_2_7_0   keep_2_0   4.000000000000e+00
    f_2_7_0   keep_2_7  -1.000000000000e+00
    f_2_7_0   cap_2_0    4.000000000000e+00
    f_2_7_6   keep_2_6   4.000000000000e+00
    f_2_7_6   keep_2_7  -1.000000000000e+00
    f_2_7_6   cap_2_1    4.000000000000e+00
    rate      keep_2_3  -1.000000000000e+00
    rate      keep_2_7  -1.000000000000e+00
    rate      OBJ        8.000000000000e+00
RHS
    RHS       keep_2_0   0.000000000000e+00
    RHS       keep_2_1   0.000000000000e+00
    RHS       keep_2_3   0.000000000000e+00
    RHS       keep_2_6   0.000000000000e+00
    RHS       keep_2_7   0.000000000000e+00
    RHS       cap_0_2    6.250000000000e-02
    RHS       cap_1_2    6.250000000000e-01
    RHS       cap_2_0    6.250000000000e-02
    RHS       cap_2_1    6.250000000000e-01
BOUNDS
ENDATA
